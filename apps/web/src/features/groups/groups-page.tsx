import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsResponse, User, UserGroup } from '@parley/protocol';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FailureNote } from '../../components/field';
import { PageLayout } from '../../components/page-layout';
import { api } from '../../lib/api';
import { applyGroupEvent } from '../../realtime/apply-group-events';
import { keys } from '../../realtime/keys';
import { useGroups } from '../../realtime/use-groups';
import { useEnsureUsers, useUserMap } from '../../realtime/use-users';
import { GroupDialog } from './group-dialog';
import './groups.css';

/** Whether the server lets the caller manage groups: owners and admins always, members unless kept to admins. */
function useMayManageGroups(me: User): boolean {
  const { data } = useQuery({
    queryKey: ['instance'],
    queryFn: () => api<SettingsResponse>('GET', '/instance'),
    staleTime: 60_000,
  });
  if (me.role === 'owner' || me.role === 'admin') return true;
  return me.role === 'member' && data?.settings.groupManagers === 'members';
}

/** People & user groups: every group, who is in it, and (for who may) making, editing and deleting them. */
export default function GroupsPage({ me }: { me: User }) {
  const qc = useQueryClient();
  const { data: groups, isLoading } = useGroups();
  const directory = useUserMap();
  const users = useMemo(() => new Map(directory).set(me.id, me), [directory, me]);
  useEnsureUsers(groups?.flatMap((g) => g.memberIds) ?? [], users, !!groups);
  const mayManage = useMayManageGroups(me);
  const [editing, setEditing] = useState<UserGroup | 'new'>();
  const [deleting, setDeleting] = useState<UserGroup>();
  const remove = useMutation({
    mutationFn: (g: UserGroup) => api('DELETE', `/groups/${g.id}`),
    onSuccess: (_, g) => {
      qc.setQueryData(keys.groups, (list: UserGroup[] | undefined) =>
        applyGroupEvent(list, { type: 'group:deleted', payload: { groupId: g.id, cursor: '' } }),
      );
      setDeleting(undefined);
    },
  });
  const membersOf = (g: UserGroup) => g.memberIds.flatMap((id) => users.get(id) ?? []);

  return (
    <PageLayout title="User groups">
      <div className="groups-bar">
        <p className="muted">
          Mention a group with its @handle to notify everyone in it who is in the conversation.
        </p>
        {mayManage && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            Create group
          </button>
        )}
      </div>
      <FailureNote error={remove.error} />
      {isLoading ? (
        <div className="list-loading" aria-busy="true">
          Loading groups…
        </div>
      ) : !groups?.length ? (
        <div className="groups-empty">
          <h2>No user groups yet</h2>
          <p className="muted">A group such as @design lets people reach a team with one mention.</p>
        </div>
      ) : (
        <ul className="groups-list" aria-label="User groups">
          {groups.map((g) => {
            const own = g.memberIds.includes(me.id);
            const names = membersOf(g).map((u) => u.displayName);
            return (
              <li key={g.id} className="groups-item">
                <div className="groups-main">
                  <div className="groups-title">
                    <strong>{g.name}</strong> <span className="muted">@{g.handle}</span>
                    {own && <span className="groups-own">You’re in it</span>}
                  </div>
                  {g.description && <p className="groups-description">{g.description}</p>}
                  <p className="muted small">
                    {g.memberCount} {g.memberCount === 1 ? 'member' : 'members'}
                    {names.length > 0 &&
                      `: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}`}
                  </p>
                </div>
                {mayManage && (
                  <div className="groups-actions">
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`Edit @${g.handle}`}
                      onClick={() => setEditing(g)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`Delete @${g.handle}`}
                      onClick={() => setDeleting(g)}
                    >
                      Delete
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <GroupDialog
          group={editing === 'new' ? undefined : editing}
          members={editing === 'new' ? [] : membersOf(editing)}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete @${deleting?.handle ?? ''}?`}
        confirmLabel="Delete group"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(undefined)}
      >
        Mentions of @{deleting?.handle} will no longer notify anyone. Messages that used it stay as they are.
      </ConfirmDialog>
    </PageLayout>
  );
}
