import { useDeferredValue, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, ResetLinkResponse, Role, User } from '@parley/protocol';
import { Avatar } from '../../components/avatar';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyButton } from '../../components/copy-button';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { PeopleFilters } from './people-filters';
import { CONFIRM, type ConfirmedAction, type PersonAction, PersonActions } from './person-actions';
import { type PeopleFilter, usePeoplePages } from './use-people-pages';
import { BotBadge } from '../../components/bot-badge';
import './people.css';

/** Who may act on whom: never on the owner or oneself; on an admin only as the owner. */
const canManage = (me: User, u: User) =>
  u.role !== 'owner' && u.id !== me.id && (me.role === 'owner' || u.role !== 'admin');

export function PeopleSection({ me }: { me: User }) {
  const qc = useQueryClient();
  const [filter, setFilter] = useState<PeopleFilter>({ q: '', role: '', status: '' });
  const shown = useDeferredValue(filter);
  const users = usePeoplePages({ ...shown, q: shown.q.trim() });
  // The security log shows what was just done, too.
  const refresh = () =>
    Promise.all(['users', 'audit'].map((part) => qc.invalidateQueries({ queryKey: ['admin', part] })));
  const [confirming, setConfirming] = useState<{ user: AdminUser; action: ConfirmedAction }>();
  const [reset, setReset] = useState<{ user: User; link: string; expiresAt: string }>();
  const setRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api('PATCH', `/admin/users/${id}/role`, { role }),
    onSettled: refresh,
  });
  const act = useMutation({
    mutationFn: async ({ user, action }: { user: AdminUser; action: PersonAction }) => {
      if (action === 'reset') {
        const { reset } = await api<ResetLinkResponse>('POST', `/admin/users/${user.id}/reset-link`);
        setReset({ user, link: `${window.location.origin}${reset.path}`, expiresAt: reset.expiresAt });
      } else if (action === 'sign-out') await api('DELETE', `/admin/users/${user.id}/sessions`);
      else if (action === 'two-factor') await api('DELETE', `/admin/users/${user.id}/two-factor`);
      else await api('POST', `/admin/users/${user.id}/${action}`);
    },
    onSettled: () => {
      setConfirming(undefined);
      return refresh();
    },
  });
  return (
    <section className="card" aria-labelledby="people-title">
      <h2 id="people-title">
        People
        {users.total !== undefined && <span className="people-count"> · {users.total.toLocaleString()}</span>}
      </h2>
      <PeopleFilters filter={filter} onChange={setFilter} />
      <FailureNote error={users.error ?? setRole.error ?? act.error} />
      {reset && (
        <div className="notice reset-link" role="status">
          <p>
            A one-time password link for @{reset.user.username}, valid until{' '}
            {new Date(reset.expiresAt).toLocaleString()}. It is shown only now: send it to them privately.
          </p>
          <code>{reset.link}</code>
          <CopyButton text={reset.link} what="reset link" small />
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={() => setReset(undefined)}
          >
            Done
          </button>
        </div>
      )}
      <div className="people-scroll">
        <table className="people-table people-admin">
          <thead>
            <tr>
              <th>Name</th>
              <th>Role</th>
              <th>Status</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {users.users.map((u) => (
              <tr key={u.id} className={u.status === 'deactivated' ? 'person-deactivated' : undefined}>
                <td>
                  <span className="person-name">
                    <Avatar name={u.displayName} username={u.username} photo={u.avatarId} size={28} />
                    <span>
                      {u.displayName} <span className="muted">@{u.username}</span> <BotBadge user={u} />
                      {u.twoFactor && (
                        <span className="badge person-2fa" title="Two-factor authentication is on">
                          2FA
                        </span>
                      )}
                      {u.sso && (
                        <span className="badge person-2fa" title="Signs in with single sign-on">
                          SSO
                        </span>
                      )}
                    </span>
                  </span>
                </td>
                <td>
                  {canManage(me, u) && u.status === 'active' && !u.bot ? (
                    <select
                      aria-label={`Role of ${u.username}`}
                      value={u.role}
                      onChange={(e) => setRole.mutate({ id: u.id, role: e.target.value as Role })}
                    >
                      {(me.role === 'owner' || u.role === 'admin') && <option value="admin">admin</option>}
                      <option value="member">member</option>
                      <option value="guest">guest</option>
                    </select>
                  ) : (
                    u.role
                  )}
                </td>
                <td>{u.status === 'deactivated' ? <span className="badge">Deactivated</span> : 'Active'}</td>
                <td className="person-actions">
                  {canManage(me, u) && (
                    <PersonActions
                      user={u}
                      onAct={(action) => act.mutate({ user: u, action })}
                      onConfirm={(action) => setConfirming({ user: u, action })}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {users.isSuccess && users.users.length === 0 && <p className="muted">No one matches.</p>}
      </div>
      {users.hasNextPage && (
        <button
          type="button"
          className="button button-ghost people-more"
          disabled={users.isFetchingNextPage}
          onClick={() => void users.fetchNextPage()}
        >
          {users.isFetchingNextPage ? 'Loading…' : 'Show more'}
        </button>
      )}
      <ConfirmDialog
        open={!!confirming}
        title={confirming ? CONFIRM[confirming.action].title(confirming.user) : ''}
        confirmLabel={confirming ? CONFIRM[confirming.action].label : ''}
        danger
        busy={act.isPending}
        onConfirm={() => confirming && act.mutate(confirming)}
        onClose={() => setConfirming(undefined)}
      >
        {confirming && CONFIRM[confirming.action].text(confirming.user)}
      </ConfirmDialog>
    </section>
  );
}
