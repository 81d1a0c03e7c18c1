import { useState } from 'react';
import type { Presence } from '@parley/protocol';
import { avatarUrl } from '../lib/avatar-url';
import './avatar.css';

const HUES = [12, 32, 150, 172, 200, 222, 262, 290, 330];

function hueFor(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return HUES[h % HUES.length]!;
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** Avatars are never smaller than this, so their initials can be read (sidebar rows, mentions, thread summaries). */
const MIN_AVATAR = 24;

/** Initials on the type scale: 12 px on the smallest avatars, larger on message and profile avatars. */
function initialsSize(box: number): string {
  if (box >= 56) return 'var(--text-2xl)';
  if (box >= 36) return 'var(--text-md)';
  if (box >= 32) return 'var(--text-sm)';
  return 'var(--text-xs)';
}

export function Avatar({
  name,
  username,
  size = 36,
  presence,
  paused,
  photo,
}: {
  name: string;
  username: string;
  /** The profile photo's id; initials when none, or while it cannot be loaded. */
  photo?: string | null;
  size?: number;
  presence?: Presence;
  /** Notifications paused (do not disturb): a moon in place of the presence dot. */
  paused?: boolean;
}) {
  const box = Math.max(size, MIN_AVATAR);
  const [failed, setFailed] = useState<string>();
  const shown = photo && photo !== failed ? photo : undefined;
  return (
    <span
      className="avatar"
      style={{
        width: box,
        height: box,
        fontSize: initialsSize(box),
        ['--avatar-hue' as string]: hueFor(username),
      }}
      aria-hidden="true"
    >
      {shown ? (
        <img
          className="avatar-photo"
          src={avatarUrl(shown)}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(shown)}
        />
      ) : (
        initials(name)
      )}
      {paused ? (
        <span className="presence-dot presence-paused" title="Notifications paused" />
      ) : (
        presence && <PresenceDot status={presence} />
      )}
    </span>
  );
}

export function PresenceDot({ status }: { status: Presence }) {
  return <span className={`presence-dot presence-${status}`} title={status} />;
}
