import type { Presence } from '@parley/protocol';
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

export function Avatar({
  name,
  username,
  size = 36,
  presence,
  paused,
}: {
  name: string;
  username: string;
  size?: number;
  presence?: Presence;
  /** Notifications paused (do not disturb): a moon in place of the presence dot. */
  paused?: boolean;
}) {
  return (
    <span
      className="avatar"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        ['--avatar-hue' as string]: hueFor(username),
      }}
      aria-hidden="true"
    >
      {initials(name)}
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
