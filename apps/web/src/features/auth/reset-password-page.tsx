import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ResetLinkState } from '@parley/protocol';
import { LIMITS } from '@parley/protocol/client';
import { ErrorNote, FailureNote, Field } from '../../components/field';
import { api } from '../../lib/api';
import { AuthLayout } from './auth-form';

/** `/reset/:token`: the one-time link an admin made; setting a password here ends every session. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const state = useQuery({
    queryKey: ['reset', token],
    queryFn: () => api<ResetLinkState>('GET', `/auth/reset/${encodeURIComponent(token)}`),
    retry: false,
  });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const reset = useMutation({
    mutationFn: () => api<void>('POST', `/auth/reset/${encodeURIComponent(token)}`, { password }),
    onSuccess: () =>
      navigate('/login', {
        replace: true,
        state: { notice: 'Your new password is set. Sign in with it.' },
      }),
  });
  const mismatch = repeat.length > 0 && repeat !== password;
  const footer = (
    <>
      Remembered it? <Link to="/login">Sign in</Link>
    </>
  );
  if (state.isLoading) return <div className="splash" aria-busy="true" />;
  const link = state.data?.reset;
  if (!link?.valid)
    return (
      <AuthLayout title="Reset password" footer={footer}>
        {state.error ? (
          <FailureNote error={state.error} />
        ) : (
          <p className="error-note" role="alert">
            This reset link is not valid: it was used, replaced by a newer one, or has expired. Ask an admin
            for a new one.
          </p>
        )}
      </AuthLayout>
    );
  return (
    <AuthLayout title="Choose a new password" subtitle={`For @${link.username}.`} footer={footer}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!mismatch) reset.mutate();
        }}
      >
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          autoFocus
          required
          minLength={LIMITS.passwordMin}
          maxLength={LIMITS.passwordMax}
          hint={`At least ${LIMITS.passwordMin} characters. Every device signed in as you is signed out.`}
          value={password}
          onValue={setPassword}
        />
        <Field
          label="Repeat new password"
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onValue={setRepeat}
        />
        <ErrorNote error={mismatch ? 'The passwords differ.' : undefined} />
        <FailureNote error={reset.error} />
        <button type="submit" className="button button-wide" disabled={reset.isPending || mismatch}>
          Set password
        </button>
      </form>
    </AuthLayout>
  );
}
