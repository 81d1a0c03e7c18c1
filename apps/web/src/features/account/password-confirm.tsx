import { useState, type ReactNode } from 'react';
import { FailureNote, Field } from '../../components/field';

/** Asks for the password again before a two-factor change, so an unlocked session alone cannot make it. */
export function PasswordConfirm({
  children,
  confirmLabel,
  danger,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  error: unknown;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm(password);
      }}
    >
      <p className="two-factor-text">{children}</p>
      <Field
        label="Confirm your password"
        type="password"
        autoComplete="current-password"
        autoFocus
        required
        value={password}
        onValue={setPassword}
      />
      <FailureNote error={error} />
      <div className="form-actions two-factor-actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className={danger ? 'button button-danger' : 'button'} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </form>
  );
}
