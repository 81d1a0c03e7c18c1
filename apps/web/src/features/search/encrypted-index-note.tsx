import { Link } from 'react-router';
import type { Channel, User } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { dmName } from '../../lib/names';
import { useStore } from '../../lib/store';
import { localSearch, type ChannelProgress } from '../../realtime/local-search-coordinator';
import { dateFormat } from '../../lib/date-format';
import './encrypted-index-note.css';

const day = dateFormat({ day: 'numeric', month: 'short', year: 'numeric' });

/** Which encrypted channels this browser searched and how far back, or why it searched none. */
export function EncryptedIndexNote({ channels, me }: { channels: Channel[]; me: User }) {
  const { status, progress } = useStore(localSearch);
  const encrypted = channels.filter((c) => c.encrypted);
  if (encrypted.length === 0) return null;
  if (status === 'locked') {
    return (
      <p className="search-note search-index-note muted small" data-index="locked">
        <Icon name="lock" size={14} /> End-to-end encrypted channels are searched only in a browser that holds
        your unlocked keys. <Link to="/settings/encryption">Unlock encryption</Link> to search them here.
      </p>
    );
  }
  const name = (c: Channel) => (c.kind === 'dm' || c.kind === 'group' ? dmName(c, me) : `#${c.name}`);
  return (
    <div className="search-note search-index-note muted small" data-index={status}>
      <p>
        <Icon name="lock" size={14} /> Encrypted channels are searched in this browser, from an index sealed
        under your keys:
      </p>
      <ul aria-label="Encrypted channels indexed">
        {encrypted.map((c) => (
          <li key={c.id}>
            <strong>{name(c)}</strong>: {describe(status === 'ready' ? progress.get(c.id) : undefined)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function describe(p: ChannelProgress | undefined): string {
  if (!p) return 'indexing…';
  if (!p.complete) {
    const share = p.newestSeq > 0 ? Math.floor(((p.newestSeq - p.oldestSeq + 1) / p.newestSeq) * 100) : 0;
    return `indexing… ${Math.min(99, Math.max(0, share))}%`;
  }
  return p.oldestAt ? `indexed back to ${day.format(new Date(p.oldestAt))}` : 'indexed (no messages yet)';
}
