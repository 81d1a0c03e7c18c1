import { useEffect, useRef } from 'react';
import { useDismiss } from '../../lib/use-dismiss';
import { useNavigate } from 'react-router';
import type { User } from '@parley/protocol';
import { Avatar } from '../avatar';
import { pausedUntil } from '../../lib/names';
import { usePresence } from '../../realtime/use-users';
import { BotBadge } from '../bot-badge';
import './profile-card.css';

const localTime = (zone: string) => {
  try {
    return new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: zone }).format(new Date());
  } catch {
    return undefined;
  }
};

/** Who someone is: name, username, status, local time, and a way to message them. */
export default function ProfileCard({ user, onClose }: { user: User; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { data: presence = {} } = usePresence();
  const state = presence[user.id] ?? 'offline';
  const paused = pausedUntil(user);
  const time = user.timeZone ? localTime(user.timeZone) : undefined;
  // The name that opened the card is part of its place: pressing it again toggles the card.
  const anchor = useRef<HTMLElement | null>(null);
  useEffect(() => {
    anchor.current = ref.current?.parentElement ?? null;
    ref.current?.focus();
  }, []);
  useDismiss(anchor, true, onClose);
  return (
    <div
      className="profile-card"
      role="dialog"
      aria-label={`Profile of ${user.displayName}`}
      tabIndex={-1}
      ref={ref}
    >
      <Avatar
        name={user.displayName}
        username={user.username}
        photo={user.avatarId}
        size={64}
        presence={state}
        paused={!!paused}
      />
      <div className="profile-card-name">
        <strong>{user.displayName}</strong>
        <span className="muted">@{user.username}</span>
        {user.role !== 'member' && <span className="badge">{user.role}</span>}
        <BotBadge user={user} />
      </div>
      {user.customStatus && (
        <p className="profile-card-status">
          {user.customStatus.emoji} {user.customStatus.text}
        </p>
      )}
      <p className="muted small">
        {paused
          ? 'Notifications paused'
          : state === 'online'
            ? 'Active'
            : state === 'away'
              ? 'Away'
              : 'Offline'}
        {time && ` · ${time} local time`}
      </p>
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          onClose();
          navigate(`/dm/${encodeURIComponent(user.username)}`);
        }}
      >
        Message
      </button>
    </div>
  );
}
