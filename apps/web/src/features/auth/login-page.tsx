import { Suspense, useCallback, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { ErrorNote, FailureNote, Field } from '../../components/field';
import { ssoErrorMessage } from '../../lib/sso';
import { AuthLayout } from './auth-form';
import { SsoLink } from './sso-link';
import { TwoFactorSetupStep, TwoFactorStep } from './two-factor-steps';
import { sessionEndedElsewhere, useLogin } from './use-session';

export function LoginPage() {
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [ticket, setTicket] = useState<{ value: string; setup: boolean }>();
  // Why the code step sent us back here (its ticket expired), said above the form.
  const [backNote, setBackNote] = useState<string>();
  const state = useLocation().state as { notice?: string; from?: string } | null;
  const [search] = useSearchParams();
  // Single sign-on that failed comes back here with its code; a password attempt replaces it.
  const ssoError = login.isIdle ? ssoErrorMessage(search.get('sso_error')) : undefined;
  const notice =
    state?.notice ??
    (sessionEndedElsewhere()
      ? 'You were signed out: your session was ended from another device, your password changed, or an admin changed your account.'
      : undefined);
  const back = useCallback((why?: string) => {
    setTicket(undefined);
    setBackNote(why);
    // Without a reason it is "Sign in as someone else": start again from the username.
    if (!why) setUsername('');
  }, []);
  if (ticket)
    return (
      <Suspense>
        {ticket.setup ? (
          <TwoFactorSetupStep ticket={ticket.value} onBack={back} />
        ) : (
          <TwoFactorStep ticket={ticket.value} onBack={back} />
        )}
      </Suspense>
    );
  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back."
      footer={
        <>
          New here? <Link to="/register">Create an account</Link>
        </>
      }
    >
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          setBackNote(undefined);
          login.mutate(
            { username, password },
            {
              onSuccess: (res) => {
                if ('user' in res) return;
                // The password is not needed again: going back asks for it afresh.
                setPassword('');
                if ('twoFactor' in res) setTicket({ value: res.twoFactor.ticket, setup: false });
                else setTicket({ value: res.twoFactorSetup.ticket, setup: true });
              },
            },
          );
        }}
      >
        {notice && !login.error && !backNote && !ssoError && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <ErrorNote error={ssoError} />
        <Field
          label="Username"
          autoComplete="username"
          autoFocus={!username}
          required
          value={username}
          onValue={setUsername}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          autoFocus={!!username}
          required
          value={password}
          onValue={setPassword}
        />
        <ErrorNote error={backNote} />
        <FailureNote error={login.error} />
        <button type="submit" className="button button-wide" disabled={login.isPending}>
          Sign in
        </button>
      </form>
      {/* Where the sign-in was headed (the app's redirect to here remembers it), so SSO lands there too. */}
      <SsoLink verb="Sign in" next={state?.from ?? '/'} />
    </AuthLayout>
  );
}
