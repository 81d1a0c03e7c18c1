import { useState } from 'react';
import type { Channel, User } from '@parley/protocol';
import { Avatar } from '../components/avatar';
import { Icon } from '../components/dialog';
import { describeError } from '../lib/api';
import { usePresence, useUsers } from '../realtime/use-users';
import { useMemberChange, useMembers } from '../realtime/use-channels';
import { MemberTrust } from '../features/encryption/member-trust';
import { usePeerKeys } from '../features/encryption/use-peer-keys';
import { trustOf, verified } from '../crypto/verification';
import { VerifyDialog } from '../features/encryption/verify-dialog';
import { useStore } from '../lib/store';

export function MembersPanel({ channel, me, onClose }: { channel: Channel; me: User; onClose: () => void }) {
  const { data: members = [] } = useMembers(channel.id);
  const { data: users = [] } = useUsers();
  const { data: presence = {} } = usePresence();
  const { add, remove } = useMemberChange(channel.id);
  const [pick, setPick] = useState('');
  const [checking, setChecking] = useState<User>();
  const { data: peers } = usePeerKeys(channel.encrypted ? members.map((m) => m.user.id) : []);
  const trust = useStore(verified);
  const admin = channel.membership?.role === 'admin' || me.role === 'owner' || me.role === 'admin';
  const canAdd =
    !!channel.membership &&
    !channel.archivedAt &&
    channel.kind !== 'dm' &&
    (channel.kind === 'public' || admin);
  const memberIds = new Set(members.map((m) => m.user.id));
  const candidates = users.filter((u) => !memberIds.has(u.id));
  const picked = candidates.some((u) => u.id === pick) ? pick : '';
  const error = add.error ?? remove.error;

  return (
    <aside className="members-panel" aria-label="Members">
      <header className="panel-header">
        <h2>Members · {members.length}</h2>
        <button type="button" className="icon-button" aria-label="Close members" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      {canAdd && (
        <form
          className="add-member"
          onSubmit={(e) => {
            e.preventDefault();
            // A late answer must not clear a person picked since (the list may update first, by socket).
            if (picked)
              add.mutate(picked, { onSuccess: (_, added) => setPick((p) => (p === added ? '' : p)) });
          }}
        >
          <select aria-label="Person to add" value={picked} onChange={(e) => setPick(e.target.value)}>
            <option value="">Add someone…</option>
            {candidates.map((u) => (
              <option key={u.id} value={u.id}>
                {u.displayName} (@{u.username})
              </option>
            ))}
          </select>
          <button type="submit" className="button button-small" disabled={!picked || add.isPending}>
            Add
          </button>
        </form>
      )}
      {error && (
        <p className="error-note" role="alert">
          {describeError(error)}
        </p>
      )}
      {channel.encrypted && (
        <p className="panel-note">
          <Icon name="lock" size={13} /> End-to-end encrypted. People added later can read the earlier
          history: a member’s browser shares the older keys with them. Removing someone changes the key, so
          they cannot read what follows.
        </p>
      )}
      <ul className="member-list">
        {members.map(({ user, role }) => (
          <li key={user.id}>
            <Avatar
              name={user.displayName}
              username={user.username}
              size={28}
              presence={presence[user.id] ?? 'offline'}
            />
            <span className="member-name">
              <span>
                {user.displayName}
                {user.id === me.id && <span className="muted"> (you)</span>}
              </span>
              <span className="muted small">@{user.username}</span>
            </span>
            {role === 'admin' && <span className="badge">admin</span>}
            {user.status === 'deactivated' && <span className="badge">deactivated</span>}
            {channel.encrypted && (
              <MemberTrust
                user={user}
                self={user.id === me.id}
                trust={trustOf(trust, user.id, peers?.get(user.id)?.fingerprint)}
                onVerify={() => setChecking(user)}
              />
            )}
            {admin && user.id !== me.id && channel.kind !== 'dm' && (
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${user.displayName}`}
                onClick={() => remove.mutate(user.id)}
              >
                <Icon name="close" size={14} />
              </button>
            )}
          </li>
        ))}
      </ul>
      {checking && peers?.get(checking.id) && (
        <VerifyDialog
          user={checking}
          fingerprint={peers.get(checking.id)!.fingerprint}
          onClose={() => setChecking(undefined)}
        />
      )}
    </aside>
  );
}
