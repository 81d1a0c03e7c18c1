import { useRef, useState } from 'react';
import { TWO_FACTOR_CODE_PATTERN } from '@parley/protocol/client';
import { ApiError } from '../../lib/api';
import { ErrorNote, FailureNote, Field } from '../../components/field';
import { AuthLayout } from './auth-form';
import { useLoginCode } from './use-session';

/** The sign-in's second step: a code from the authenticator app, or one of the recovery codes. */
export function TwoFactorStep({ ticket, onBack }: { ticket: string; onBack: (why?: string) => void }) {
  const verify = useLoginCode();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const focusField = () => form.current?.querySelector('input')?.focus();

  const handleSubmit = () => {
    const typed = recovery ? code.trim() : code.replace(/\s/g, '');
    if (!(recovery ? TWO_FACTOR_CODE_PATTERN.test(typed) : /^\d{6}$/.test(typed))) {
      setInvalid(
        recovery ? 'Enter a recovery code, such as abcde-fghjk.' : 'Enter the 6 digits your app shows.',
      );
      focusField();
      return;
    }
    setInvalid(undefined);
    verify.mutate(
      { ticket, code: typed },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.code === 'two_factor_expired') return onBack(err.message);
          setCode('');
          focusField();
        },
      },
    );
  };

  const handleSwitch = () => {
    setRecovery(!recovery);
    setCode('');
    setInvalid(undefined);
    verify.reset();
  };

  return (
    <AuthLayout
      title="Two-factor authentication"
      subtitle={
        recovery
          ? 'Enter one of the recovery codes you saved when you turned two-factor authentication on. Each works once.'
          : 'Open your authenticator app and enter the 6-digit code for Parley.'
      }
      footer={
        <button type="button" className="link-button" onClick={() => onBack()}>
          Sign in as someone else
        </button>
      }
    >
      <form
        ref={form}
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          handleSubmit();
        }}
      >
        {recovery ? (
          <Field
            key="recovery"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            maxLength={20}
            value={code}
            onValue={setCode}
          />
        ) : (
          <Field
            key="app"
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={7}
            value={code}
            onValue={setCode}
          />
        )}
        <ErrorNote error={invalid} />
        {!invalid && <FailureNote error={verify.error} />}
        <button type="submit" className="button button-wide" disabled={verify.isPending}>
          Verify
        </button>
        <button type="button" className="link-button auth-switch" onClick={handleSwitch}>
          {recovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </button>
      </form>
    </AuthLayout>
  );
}
