import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@parley/protocol/client';
import type { Channel, ChannelResponse, User } from '@parley/protocol';
import { Avatar } from '../../components/avatar';
import { Dialog, Icon } from '../../components/dialog';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { keys } from '../../realtime/keys';
import { upsertChannel } from '../../realtime/merge';
import { usePresence, useUsers } from '../../realtime/use-users';
import './new-dm-dialog.css';

/** A name opens a DM with that person; ticking several starts a group DM of up to 8 people. */
export function NewDmDialog({ open, me, onClose }: { open: boolean; me: User; onClose: () => void }) {
  const { data: users = [] } = useUsers();
  const { data: presence = {} } = usePresence();
  const [q, setQ] = useState('');
  const [encrypted, setEncrypted] = useState(false);
  const [picked, setPicked] = useState<User[]>([]);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const term = q.trim().toLowerCase();
  const matches = users.filter(
    (u) => !term || u.username.includes(term) || u.displayName.toLowerCase().includes(term),
  );
  const full = picked.length >= LIMITS.groupDmMax - 1;
  const startGroup = useMutation({
    mutationFn: () =>
      api<ChannelResponse>('POST', '/dms', {
        userIds: picked.map((u) => u.id),
        ...(encrypted ? { encrypted } : {}),
      }),
    onSuccess: ({ channel }) => {
      qc.setQueryData<Channel[]>(keys.channels, (c) => upsertChannel(c, channel));
      close();
      navigate(`/g/${channel.id}`);
    },
  });
  const close = () => {
    setQ('');
    setPicked([]);
    onClose();
  };
  const toggle = (u: User) =>
    setPicked((list) => (list.some((p) => p.id === u.id) ? list.filter((p) => p.id !== u.id) : [...list, u]));

  return (
    <Dialog title="New direct message" open={open} onClose={close}>
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
        {matches.map((u) => {
          const isPicked = picked.some((p) => p.id === u.id);
          return (
            <li key={u.id} className="people-pick">
              <button
                type="button"
                onClick={() => {
                  close();
                  navigate(`/dm/${u.username}${encrypted ? '?e2e=1' : ''}`);
                }}
              >
                <Avatar
                  name={u.displayName}
                  username={u.username}
                  photo={u.avatarId}
                  size={28}
                  presence={presence[u.id] ?? 'offline'}
                />
                <span>
                  {u.displayName}
                  {u.id === me.id ? ' (you)' : ''}
                </span>
                <span className="muted small">@{u.username}</span>
              </button>
              {u.id !== me.id && (
                <input
                  type="checkbox"
                  aria-label={`Add ${u.displayName} to a group`}
                  checked={isPicked}
                  disabled={!isPicked && full}
                  onChange={() => toggle(u)}
                />
              )}
            </li>
          );
        })}
        {matches.length === 0 && <li className="muted">Nobody matches “{q}”.</li>}
      </ul>
      {picked.length > 0 && (
        <div className="group-start">
          <span className="muted small">
            {picked.length === 1
              ? 'Tick one more person for a group, or pick a name for a DM.'
              : `With ${picked.map((u) => u.displayName).join(', ')}${full ? ' (8 people, the most a group holds)' : ''}`}
          </span>
          <button
            type="button"
            className="button"
            disabled={picked.length < 2 || startGroup.isPending}
            onClick={() => startGroup.mutate()}
          >
            Start group DM
          </button>
        </div>
      )}
      <FailureNote error={startGroup.error} />
    </Dialog>
  );
}
