import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { isDirect } from '../lib/names';
import { canAddMembers, managesChannel } from '../lib/channel-rights';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, User } from '@parley/protocol';
import { Avatar } from '../components/avatar';
import { Icon } from '../components/dialog';
import { describeError } from '../lib/api';
import { usePresence } from '../realtime/use-users';
import { useMemberChange } from '../realtime/use-channels';
import { keys } from '../realtime/keys';
import { AddMemberPicker } from '../features/channels/add-member-picker';
import { useMemberPages } from '../features/channels/use-member-pages';
import { MemberTrust } from '../features/encryption/member-trust';
import { usePeerKeys } from '../features/encryption/use-peer-keys';
import { trustOf, verified } from '../crypto/verification';
import { VerifyDialog } from '../features/encryption/verify-dialog';
import { useStore } from '../lib/store';
import { BotBadge } from '../components/bot-badge';
import './members-panel.css';

type Props = { channel: Channel; me: User; onClose: () => void; focusAdd?: boolean };

export function MembersPanel({ channel, me, onClose, focusAdd }: Props) {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const pages = useMemberPages(channel.id, q);
  const { members } = pages;
  const { data: presence = {} } = usePresence();
  const { add, remove } = useMemberChange(channel.id);
  const qc = useQueryClient();
  // Someone joined or left (the count comes live with the channel): the loaded pages are stale.
  const seenCount = useRef(channel.memberCount);
  useEffect(() => {
    if (seenCount.current === channel.memberCount) return;
    seenCount.current = channel.memberCount;
    void qc.invalidateQueries({ queryKey: keys.members(channel.id) });
  }, [qc, channel.id, channel.memberCount]);
  const [checking, setChecking] = useState<User>();
  const { data: peers } = usePeerKeys(channel.encrypted ? members.map((m) => m.user.id) : []);
  const trust = useStore(verified);
  const admin = managesChannel(channel, me);
  const canAdd = canAddMembers(channel, me);
  const memberIds = new Set(members.map((m) => m.user.id));
  const error = add.error ?? remove.error;
  const loadMore = () => {
    if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
  };

  return (
    <aside className="members-panel" aria-label="Members">
      <header className="panel-header">
        <h2>Members · {channel.memberCount}</h2>
        <button type="button" className="icon-button" aria-label="Close members" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      {canAdd && (
        <AddMemberPicker
          autoFocus={focusAdd}
          isMember={(id) => memberIds.has(id)}
          pending={add.isPending}
          onAdd={(user, added) => add.mutate(user.id, { onSuccess: added })}
        />
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
      <input
        type="search"
        className="member-search"
        aria-label="Search members"
        placeholder="Search members"
        value={search}
        maxLength={64}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul
        className="member-list"
        onScroll={(e) => {
          const list = e.currentTarget;
          if (list.scrollTop + list.clientHeight > list.scrollHeight - 200) loadMore();
        }}
      >
        {members.map(({ user, role }) => (
          <li key={user.id}>
            <Avatar
              name={user.displayName}
              username={user.username}
              photo={user.avatarId}
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
            <BotBadge user={user} />
            {user.status === 'deactivated' && <span className="badge">deactivated</span>}
            {channel.encrypted && (
              <MemberTrust
                user={user}
                self={user.id === me.id}
                trust={trustOf(trust, user.id, peers?.get(user.id)?.fingerprint)}
                onVerify={() => setChecking(user)}
              />
            )}
            {admin && user.id !== me.id && !isDirect(channel) && (
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
        {pages.isSuccess && members.length === 0 && <li className="muted">Nobody matches.</li>}
        {pages.hasNextPage && (
          <li>
            <button type="button" className="button button-small" onClick={loadMore}>
              {pages.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          </li>
        )}
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
