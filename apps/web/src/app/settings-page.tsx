import { useState } from 'react';
import { NavLink, useParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserResponse } from '@parley/protocol';
import { FailureNote, Field } from '../components/field';
import { api } from '../lib/api';
import { keys } from '../realtime/keys';
import { useLogout } from '../features/auth/use-session';
import { EncryptionSettings } from '../features/encryption/encryption-settings';
import { PageLayout } from '../components/page-layout';
import { ChangePasswordForm } from '../features/account/change-password-form';
import { SessionsList } from '../features/account/sessions-list';
import { NoPasswordCard, SsoCard } from '../features/account/sso-card';
import { useSsoStatus } from '../features/account/use-sso';
import { TwoFactorCard } from '../features/account/two-factor-card';
import { NotificationSettings } from './notification-settings';
import { ProfilePhoto } from './profile-photo';
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
      {tab === 'profile' && (
        <>
          <ProfilePhoto me={me} />
          <Profile me={me} />
        </>
      )}
      {tab === 'notifications' && <NotificationSettings me={me} />}
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

function Security() {
  const logout = useLogout();
  const sso = useSsoStatus().data;
  return (
    <>
      {sso?.password === false ? (
        <NoPasswordCard provider={sso.sso?.name} />
      ) : (
        <>
          <ChangePasswordForm />
          <TwoFactorCard />
        </>
      )}
      <SsoCard />
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
