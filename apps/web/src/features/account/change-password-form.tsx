import { useState } from 'react';
import { LIMITS } from '@parley/protocol/client';
import { ErrorNote, FailureNote, Field } from '../../components/field';
import { useChangePassword } from './use-account';

export function ChangePasswordForm() {
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const mismatch = repeat.length > 0 && repeat !== newPassword;
  return (
    <form
      className="card form"
      aria-labelledby="change-password-title"
      onSubmit={(e) => {
        e.preventDefault();
        if (mismatch) return;
        change.mutate(
          { currentPassword, newPassword },
          {
            onSuccess: () => {
              setCurrent('');
              setNew('');
              setRepeat('');
            },
          },
        );
      }}
    >
      <h2 id="change-password-title">Password</h2>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onValue={setCurrent}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={LIMITS.passwordMin}
        maxLength={LIMITS.passwordMax}
        hint={`At least ${LIMITS.passwordMin} characters.`}
        value={newPassword}
        onValue={setNew}
      />
      <Field
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        required
        value={repeat}
        onValue={setRepeat}
      />
      <ErrorNote error={mismatch ? 'The new passwords differ.' : undefined} />
      <FailureNote error={change.error} />
      {change.isSuccess && (
        <p className="notice" role="status">
          Password changed.{' '}
          {change.data.revoked === 0
            ? 'No other session was signed in.'
            : `${change.data.revoked} other ${change.data.revoked === 1 ? 'session was' : 'sessions were'} signed out.`}
        </p>
      )}
      <p className="muted small">Changing it signs you out everywhere else.</p>
      <div className="form-actions">
        <button type="submit" className="button" disabled={change.isPending || mismatch}>
          Change password
        </button>
      </div>
    </form>
  );
}
