import { useId, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '@parley/protocol';
import { Avatar } from '../../components/avatar';
import { recentConversations } from '../../lib/recent-conversations';
import { Dialog, Icon } from '../../components/dialog';
import { useChannels } from '../../realtime/use-channels';
import { usePresence, useUsers } from '../../realtime/use-users';
import { fuzzyScore } from './fuzzy';
import { rankItems, switcherItems, type SwitcherItem } from './switcher-items';
import './switcher.css';

/** Ctrl/Cmd+K: jump to a channel, a DM or a person by typing part of the name. */
export default function QuickSwitcher({ me, onClose }: { me: User; onClose: () => void }) {
  const navigate = useNavigate();
  const { data: channels = [] } = useChannels();
  const { data: users = [] } = useUsers();
  const { data: presence = {} } = usePresence();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const items = useMemo(() => switcherItems(channels, users, me), [channels, users, me]);
  // The one on screen is left out of the recent ones, so Enter goes back to the previous conversation.
  const { pathname } = useLocation();
  const [recent] = useState(recentConversations);
  const here = items.find((i) => pathname === i.to || pathname.startsWith(`${i.to}/`))?.key;
  const shown = useMemo(
    () =>
      rankItems(
        items,
        query,
        fuzzyScore,
        recent.filter((id) => id !== here),
      ),
    [items, query, recent, here],
  );
  const current = Math.min(active, shown.length - 1);

  const open = (item: SwitcherItem | undefined) => {
    if (!item) return;
    onClose();
    navigate(item.to);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const move = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (move && shown.length) {
      e.preventDefault();
      setActive((current + move + shown.length) % shown.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(shown[current]);
    }
  };

  return (
    <Dialog title="Jump to a conversation" open wide onClose={onClose}>
      <div className="switcher">
        <input
          className="switcher-input"
          role="combobox"
          aria-label="Channel, direct message or person"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-activedescendant={shown[current] ? `${listId}-${current}` : undefined}
          aria-autocomplete="list"
          placeholder="Type a channel or a name"
          value={query}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          className="switcher-list"
          role="listbox"
          id={listId}
          aria-label={query.trim() ? 'Matches' : 'Recent and unread conversations'}
        >
          {shown.map((item, i) => (
            <li
              key={item.key}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === current}
              className={`switcher-option ${i === current ? 'active' : ''} ${item.unread ? 'unread' : ''}`}
              onMouseMove={() => i !== current && setActive(i)}
              onClick={() => open(item)}
            >
              <span className="switcher-icon">
                {item.user ? (
                  <Avatar
                    name={item.user.displayName}
                    username={item.user.username}
                    photo={item.user.avatarId}
                    size={22}
                    presence={presence[item.user.id] ?? 'offline'}
                  />
                ) : item.locked ? (
                  <Icon name="lock" size={14} />
                ) : (
                  '#'
                )}
              </span>
              <span className="switcher-label">{item.label}</span>
              {item.alias && <span className="switcher-alias">@{item.alias}</span>}
              {item.encrypted && (
                <span className="switcher-tag" title="End-to-end encrypted">
                  <Icon name="lock" size={12} /> encrypted
                </span>
              )}
              {item.archived && <span className="switcher-tag">archived</span>}
              {item.unread > 0 && (
                <span className="unread-badge" aria-label={`${item.unread} unread`}>
                  {item.unread > 99 ? '99+' : item.unread}
                </span>
              )}
            </li>
          ))}
        </ul>
        {shown.length === 0 && <p className="switcher-empty">Nothing matches “{query.trim()}”.</p>}
        <p className="switcher-help" aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close
        </p>
      </div>
    </Dialog>
  );
}
