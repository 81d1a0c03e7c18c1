import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FailureNote, Field } from '../../components/field';
import { AuthLayout } from './auth-form';
import { sessionEndedElsewhere, useLogin } from './use-session';

export function LoginPage() {
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const notice =
    (useLocation().state as { notice?: string } | null)?.notice ??
    (sessionEndedElsewhere()
      ? 'You were signed out: your session was ended from another device, your password changed, or an admin changed your account.'
      : undefined);
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
          login.mutate({ username, password });
        }}
      >
        {notice && !login.error && (
          <p className="notice" role="status">
            {notice}
          </p>
        )}
        <Field
          label="Username"
          autoComplete="username"
          autoFocus
          required
          value={username}
          onValue={setUsername}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
        />
        <FailureNote error={login.error} />
        <button type="submit" className="button button-wide" disabled={login.isPending}>
          Sign in
        </button>
      </form>
    </AuthLayout>
  );
}
