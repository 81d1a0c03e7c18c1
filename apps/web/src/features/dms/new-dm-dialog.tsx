import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '@parley/protocol';
import { Avatar } from '../../components/avatar';
import { Dialog, Icon } from '../../components/dialog';
import { usePresence, useUsers } from '../../realtime/use-users';

export function NewDmDialog({ open, me, onClose }: { open: boolean; me: User; onClose: () => void }) {
  const { data: users = [] } = useUsers();
  const { data: presence = {} } = usePresence();
  const [q, setQ] = useState('');
  const [encrypted, setEncrypted] = useState(false);
  const navigate = useNavigate();
  const term = q.trim().toLowerCase();
  const matches = users.filter(
    (u) => !term || u.username.includes(term) || u.displayName.toLowerCase().includes(term),
  );
  return (
    <Dialog title="New direct message" open={open} onClose={onClose}>
      <input
        className="search-input"
        aria-label="Find a person"
        placeholder="Find a person by name"
        autoFocus
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <label className="check">
        <input type="checkbox" checked={encrypted} onChange={(e) => setEncrypted(e.target.checked)} />{' '}
        <Icon name="lock" size={13} /> End-to-end encrypted conversation
      </label>
      <ul className="people-list">
        {matches.map((u) => (
          <li key={u.id}>
            <button
              type="button"
              onClick={() => {
                onClose();
                setQ('');
                navigate(`/dm/${u.username}${encrypted ? '?e2e=1' : ''}`);
              }}
            >
              <Avatar
                name={u.displayName}
                username={u.username}
                size={28}
                presence={presence[u.id] ?? 'offline'}
              />
              <span>
                {u.displayName}
                {u.id === me.id ? ' (you)' : ''}
              </span>
              <span className="muted small">@{u.username}</span>
            </button>
          </li>
        ))}
        {matches.length === 0 && <li className="muted">Nobody matches “{q}”.</li>}
      </ul>
    </Dialog>
  );
}
