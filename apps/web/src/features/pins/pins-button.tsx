import { useRef } from 'react';
import { useDismiss } from '../../lib/use-dismiss';
import { Link } from 'react-router';
import type { Channel, Message, User } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import type { HeaderPanel } from '../../lib/header-panel';
import { usePins } from './use-pins';
import './pins.css';

type Props = HeaderPanel & { channel: Channel; users: Map<string, User>; linkOf: (m: Message) => string };

/** The header's pin: the channel's pinned messages, newest pin first, each a link to the message. */
export function PinsButton({ channel, users, linkOf, open, onOpenChange: setOpen, trigger }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const pins = usePins(channel.id, open);
  useDismiss(ref, open, () => setOpen(false));
  return (
    <div className="menu-anchor" ref={ref}>
      {trigger && (
        <button
          type="button"
          className="icon-button"
          aria-label="Pinned messages"
          title="Pinned messages"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <Icon name="pin" />
        </button>
      )}
      {open && (
        <section className="pins-popover" aria-label="Pinned messages">
          <h2>Pinned messages</h2>
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
                  <Link to={linkOf(m)} className="pin-card" onClick={() => setOpen(false)}>
                    <strong>{users.get(m.authorId)?.displayName ?? 'Someone'}</strong>
                    <span className="pin-card-text">{m.body ?? 'Encrypted message: open it to read'}</span>
                    <span className="muted small">
                      Pinned by {users.get(m.pinnedBy ?? '')?.displayName ?? 'someone'}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
