import { useState } from 'react';
import type { TwoFactorSetupResponse } from '@parley/protocol';
import { CopyButton } from '../copy-button';
import { FailureNote, Field } from '../field';
import { StepHeading } from './step-heading';
import './two-factor.css';

/** Shows the new secret as a QR code and as text, then takes the app's first code to prove it was saved. */
export function AuthenticatorSetup({
  setup,
  busy,
  error,
  onEnable,
  onCancel,
}: {
  setup: TwoFactorSetupResponse['setup'];
  busy: boolean;
  error: unknown;
  onEnable: (code: string) => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        onEnable(code);
      }}
    >
      <StepHeading>Set up your authenticator app</StepHeading>
      <p className="two-factor-text">
        Scan this QR code with an authenticator app (such as 1Password, Google Authenticator or Authy).
      </p>
      <img
        className="two-factor-qr"
        src={'data:image/svg+xml;utf8,' + encodeURIComponent(setup.qrSvg)}
        alt="QR code for your authenticator app"
        width={180}
        height={180}
      />
      <div className="two-factor-key">
        <span className="muted">Can't scan it? Enter this key instead:</span>
        <code aria-label="Setup key">{setup.secret.match(/.{1,4}/g)?.join(' ')}</code>
        <CopyButton text={setup.secret} what="setup key" small />
      </div>
      <Field
        label="Enter the 6-digit code the app shows"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        pattern="\s*(\d\s*){6}"
        title="The 6 digits the app shows"
        className="two-factor-code"
        maxLength={7}
        value={code}
        onValue={setCode}
      />
      <FailureNote error={error} />
      <div className="form-actions two-factor-actions">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          Turn on
        </button>
      </div>
    </form>
  );
}
