import { useRef, useState } from 'react';
import { useDismiss } from '../lib/use-dismiss';
import { Link } from 'react-router';
import type { User } from '@parley/protocol';
import { Avatar } from '../components/avatar';
import { AboutDialog } from '../features/about/about-dialog';
import { useLogout } from '../features/auth/use-session';
import { pausedUntil } from '../lib/names';
import { PauseItems } from './pause-notifications';
import { StatusDialog } from './status-dialog';
import './user-menu.css';

export function UserMenu({ me }: { me: User }) {
  const [open, setOpen] = useState(false);
  const [about, setAbout] = useState(false);
  const [statusOpen, setStatusOpen] = useState(false);
  const logout = useLogout();
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => setOpen(false));
  const item = () => setOpen(false);
  return (
    <div className="user-menu" ref={ref}>
      <button
        type="button"
        className="user-button"
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar
          name={me.displayName}
          username={me.username}
          photo={me.avatarId}
          size={28}
          presence="online"
          paused={!!pausedUntil(me)}
        />
      </button>
      {open && (
        <div className="menu" role="menu">
          <div className="menu-who">
            <strong>{me.displayName}</strong>
            <span className="muted small">
              @{me.username} · {me.role}
            </span>
          </div>
          <Link role="menuitem" to="/settings/profile" onClick={item}>
            Profile
          </Link>
          <Link role="menuitem" to="/settings/notifications" onClick={item}>
            Notifications
          </Link>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              item();
              setStatusOpen(true);
            }}
          >
            {me.customStatus
              ? `${me.customStatus.emoji} ${me.customStatus.text || 'Edit status'}`
              : 'Set a status'}
          </button>
          <PauseItems me={me} onDone={item} />
          <Link role="menuitem" to="/settings/security" onClick={item}>
            Security
          </Link>
          <Link role="menuitem" to="/groups" onClick={item}>
            People &amp; user groups
          </Link>
          {(me.role === 'owner' || me.role === 'admin') && (
            <Link role="menuitem" to="/admin" onClick={item}>
              Administration
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              item();
              setAbout(true);
            }}
          >
            About Parley
          </button>
          <button type="button" role="menuitem" onClick={() => logout.mutate()}>
            Sign out
          </button>
        </div>
      )}
      <AboutDialog open={about} onClose={() => setAbout(false)} />
      {statusOpen && <StatusDialog me={me} onClose={() => setStatusOpen(false)} />}
    </div>
  );
}
