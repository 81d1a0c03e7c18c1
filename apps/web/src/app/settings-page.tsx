import { useState } from 'react';
import { isDirect } from '../lib/names';
import { NavLink, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotifyLevel, User, UserResponse } from '@parley/protocol';
import { FailureNote, Field } from '../components/field';
import { api } from '../lib/api';
import { keys } from '../realtime/keys';
import { useLogout } from '../features/auth/use-session';
import { useChannels } from '../realtime/use-channels';
import { EncryptionSettings } from '../features/encryption/encryption-settings';
import { PageLayout } from '../components/page-layout';
import { ChangePasswordForm } from '../features/account/change-password-form';
import { SessionsList } from '../features/account/sessions-list';
import './settings-page.css';

export default function SettingsPage({ me }: { me: User }) {
  const { tab = 'profile' } = useParams();
  return (
    <PageLayout title="Settings">
      <nav className="tabs" aria-label="Settings sections">
        {['profile', 'notifications', 'encryption', 'security'].map((t) => (
          <NavLink
            key={t}
            to={`/settings/${t}`}
            className={({ isActive }) => (isActive ? 'tab active' : 'tab')}
          >
            {t[0]!.toUpperCase() + t.slice(1)}
          </NavLink>
        ))}
      </nav>
      {tab === 'profile' && <Profile me={me} />}
      {tab === 'notifications' && <Notifications />}
      {tab === 'encryption' && <EncryptionSettings />}
      {tab === 'security' && <Security />}
    </PageLayout>
  );
}

function Profile({ me }: { me: User }) {
  const qc = useQueryClient();
  const [displayName, setDisplayName] = useState(me.displayName);
  const save = useMutation({
    mutationFn: () => api<UserResponse>('PATCH', '/users/me', { displayName }),
    onSuccess: ({ user }) => qc.setQueryData(keys.session, user),
  });
  return (
    <form
      className="card form"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Field label="Username" value={me.username} disabled />
      <Field
        label="Display name"
        value={displayName}
        maxLength={64}
        required
        onChange={(e) => setDisplayName(e.target.value)}
      />
      <FailureNote error={save.error} />
      {save.isSuccess && <p className="notice">Saved.</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          Save
        </button>
      </div>
    </form>
  );
}

function Notifications() {
  const qc = useQueryClient();
  const { data: channels = [] } = useChannels();
  const set = useMutation({
    mutationFn: ({ id, notify }: { id: string; notify: NotifyLevel }) =>
      api('PATCH', `/channels/${id}/membership`, { notify }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.channels }),
  });
  return (
    <section className="card">
      <p className="muted">Choose, per channel, what counts for notifications.</p>
      <table className="people-table">
        <tbody>
          {channels
            .filter((c) => !isDirect(c))
            .map((c) => (
              <tr key={c.id}>
                <td>#{c.name}</td>
                <td>
                  <select
                    aria-label={`Notifications for #${c.name}`}
                    value={c.membership?.notify ?? 'all'}
                    onChange={(e) => set.mutate({ id: c.id, notify: e.target.value as NotifyLevel })}
                  >
                    <option value="all">All messages</option>
                    <option value="mentions">Mentions only</option>
                    <option value="none">Nothing</option>
                  </select>
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </section>
  );
}

function Security() {
  const logout = useLogout();
  return (
    <>
      <ChangePasswordForm />
      <SessionsList />
      <SignOut onSignOut={() => logout.mutate()} />
    </>
  );
}

function SignOut({ onSignOut }: { onSignOut: () => void }) {
  return (
    <section className="card">
      <h2>This session</h2>
      <p className="muted">Signing out revokes this session on the server and closes its live connection.</p>
      <button type="button" className="button button-danger" onClick={onSignOut}>
        Sign out
      </button>
    </section>
  );
}
