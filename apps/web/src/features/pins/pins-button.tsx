import { Link } from 'react-router';
import type { Channel, Message, User } from '@parley/protocol';
import { HeaderPopover } from '../../components/header-popover';
import type { HeaderPanel } from '../../lib/header-panel';
import { senderName } from '../../lib/names';
import { usePins } from './use-pins';
import './pins.css';

type Props = HeaderPanel & { channel: Channel; users: Map<string, User>; linkOf: (m: Message) => string };

/** The header's pin: the channel's pinned messages, newest pin first, each a link to the message. */
export function PinsButton({ channel, users, linkOf, ...panel }: Props) {
  const pins = usePins(channel.id, panel.open);
  return (
    <HeaderPopover label="Pinned messages" title="Pinned messages" icon="pin" {...panel}>
      {pins.isLoading ? (
        <p className="pins-empty">Loading…</p>
      ) : !pins.data?.length ? (
        <p className="pins-empty">
          Nothing is pinned yet. Pin a message from its actions to keep it here for everyone.
        </p>
      ) : (
        <ul className="pins-list">
          {pins.data.map((m) => (
            <li key={m.id}>
              <Link to={linkOf(m)} className="pin-card" onClick={() => panel.onOpenChange(false)}>
                <strong>{senderName(m, users.get(m.authorId))}</strong>
                <span className="pin-card-text">{m.body ?? 'Encrypted message: open it to read'}</span>
                <span className="muted small">
                  Pinned by {users.get(m.pinnedBy ?? '')?.displayName ?? 'someone'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </HeaderPopover>
  );
}
