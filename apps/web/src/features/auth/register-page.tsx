import { Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { InviteInfoResponse, SettingsResponse } from '@parley/protocol';
import { ErrorNote, FailureNote, Field } from '../../components/field';
import { api } from '../../lib/api';
import { ssoErrorMessage } from '../../lib/sso';
import { AuthLayout } from './auth-form';
import { SsoLink } from './sso-link';
import { TwoFactorSetupStep } from './two-factor-steps';
import { useRegister } from './use-session';

export function RegisterPage() {
  const { code } = useParams();
  // A sign-up through single sign-on that failed comes back to the invite with its code.
  const ssoError = ssoErrorMessage(useSearchParams()[0].get('sso_error'));
  const register = useRegister();
  const navigate = useNavigate();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [password, setPassword] = useState('');
  const instance = useQuery({
    queryKey: ['instance'],
    queryFn: () => api<SettingsResponse>('GET', '/instance'),
  });
  const invite = useQuery({
    queryKey: ['invite', code],
    queryFn: () => api<InviteInfoResponse>('GET', `/invites/${encodeURIComponent(code ?? '')}`),
    retry: false,
    enabled: !!code,
  });
  const setupTicket =
    register.data && 'twoFactorSetup' in register.data && register.data.twoFactorSetup.ticket;
  const inviteOnly = instance.data?.settings.inviteOnly && !code;
  const badInvite = !!code && (invite.isError || (invite.data && !invite.data.invite.valid));

  if (setupTicket)
    return (
      <Suspense>
        <TwoFactorSetupStep ticket={setupTicket} onBack={() => navigate('/login', { replace: true })} />
      </Suspense>
    );
  return (
    <AuthLayout
      title={
        badInvite
          ? 'This invite does not work'
          : code
            ? `Join ${invite.data?.invite.instanceName ?? 'Parley'}`
            : 'Create your account'
      }
      subtitle={
        badInvite
          ? undefined
          : code
            ? 'You were invited. Pick a username to get started.'
            : 'Chat with your team, on your own server.'
      }
      footer={
        <>
          Already have an account? <Link to="/login">Sign in</Link>
        </>
      }
    >
      {badInvite && (
        <p className="error-note" role="alert">
          This invite link is not valid or has expired. Ask for a new one.
        </p>
      )}
      {!badInvite && inviteOnly && (
        <p className="notice">This Parley is invite-only. Open the invite link you were sent to register.</p>
      )}
      {!badInvite && (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            register.mutate({ username, displayName, password, ...(code ? { inviteCode: code } : {}) });
          }}
        >
          <Field
            label="Username"
            autoComplete="username"
            autoFocus
            required
            minLength={2}
            maxLength={32}
            hint="2–32 characters: a–z, 0–9, dot, dash, underscore."
            value={username}
            onChange={(e) => setUsername(e.target.value.toLowerCase())}
          />
          <Field
            label="Display name"
            autoComplete="name"
            required
            maxLength={64}
            value={displayName}
            onValue={setDisplayName}
          />
          <Field
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            minLength={10}
            hint="At least 10 characters."
            value={password}
            onValue={setPassword}
          />
          {register.isIdle && <ErrorNote error={ssoError} />}
          <FailureNote error={register.error} />
          <button type="submit" className="button button-wide" disabled={register.isPending || !!badInvite}>
            Create account
          </button>
        </form>
      )}
      {/* An invite-only team turns newcomers away without their invite: no sign-up to offer here. */}
      {!badInvite && !inviteOnly && <SsoLink verb="Sign up" invite={code} next="/" />}
    </AuthLayout>
  );
}
