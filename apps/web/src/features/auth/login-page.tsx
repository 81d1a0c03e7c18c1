import { useState } from 'react';
import { Link } from 'react-router';
import { FailureNote, Field } from '../../components/field';
import { AuthLayout } from './auth-form';
import { useLogin } from './use-session';

export function LoginPage() {
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
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
