import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { CopyButton } from '../../components/copy-button';
import { ErrorNote, FailureNote, Field } from '../../components/field';
import { setUpEncryption, unlockWithPassphrase, unlockWithRecoveryKey } from '../../crypto/vault';
import './encryption.css';

export const MIN_PASSPHRASE = 10;

export const FORGET_NOTE =
  'Parley never sees your passphrase. If you lose both it and your recovery key, your encrypted history cannot be read again — not by you, an admin, or Parley.';

function passphraseProblem(passphrase: string, confirm: string): string | undefined {
  if (passphrase.length < MIN_PASSPHRASE) return `Use at least ${MIN_PASSPHRASE} characters.`;
  if (passphrase !== confirm) return 'The two passphrases differ.';
}

/** Choose a passphrase and make the keys; the caller shows the recovery key once. */
export function SetupForm({ onCreated }: { onCreated: (recoveryKey: string) => void }) {
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const setup = useMutation({ mutationFn: () => setUpEncryption(passphrase), onSuccess: onCreated });
  const problem = passphraseProblem(passphrase, confirm);
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!problem) setup.mutate();
      }}
    >
      <Field
        label="Encryption passphrase"
        type="password"
        autoComplete="new-password"
        value={passphrase}
        hint="Not your login password. It unlocks your keys in a new browser."
        onValue={setPassphrase}
      />
      <Field
        label="Repeat the passphrase"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onValue={setConfirm}
      />
      <ErrorNote error={touched ? problem : undefined} />
      <FailureNote error={setup.error} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={setup.isPending}>
          {setup.isPending ? 'Making your keys…' : 'Set up encryption'}
        </button>
      </div>
    </form>
  );
}

export function RecoveryKeyNotice({ recoveryKey, onDone }: { recoveryKey: string; onDone?: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <div className="recovery-key">
      <h3>Your recovery key</h3>
      <p className="muted">
        It unlocks your keys if you forget your passphrase. Keep it somewhere safe, away from this computer.
        It is shown only now.
      </p>
      <code className="recovery-key-value" data-testid="recovery-key">
        {recoveryKey}
      </code>
      <div className="form-actions form-actions-start">
        <CopyButton text={recoveryKey} what="recovery key" />
      </div>
      <label className="check">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} /> I have saved my
        recovery key
      </label>
      <div className="form-actions">
        <button type="button" className="button" disabled={!saved} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/** Unlock with the passphrase, or with the recovery key and a new passphrase. */
export function UnlockForm() {
  const [mode, setMode] = useState<'passphrase' | 'recovery'>('passphrase');
  const [passphrase, setPassphrase] = useState('');
  const [recoveryKey, setRecoveryKey] = useState('');
  const [next, setNext] = useState('');
  const [remember, setRemember] = useState(true);
  const unlock = useMutation({
    mutationFn: () =>
      mode === 'passphrase'
        ? unlockWithPassphrase(passphrase, remember)
        : unlockWithRecoveryKey(recoveryKey, next),
  });
  const nextProblem = mode === 'recovery' ? passphraseProblem(next, next) : undefined;
  return (
    <form
      className="form unlock-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (!nextProblem) unlock.mutate();
      }}
    >
      {mode === 'passphrase' ? (
        <>
          <Field
            label="Encryption passphrase"
            type="password"
            autoComplete="current-password"
            value={passphrase}
            onValue={setPassphrase}
          />
          <label className="check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} /> Stay
            unlocked in this browser
          </label>
        </>
      ) : (
        <>
          <Field
            label="Recovery key"
            value={recoveryKey}
            autoComplete="off"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
            onValue={setRecoveryKey}
          />
          <Field
            label="New encryption passphrase"
            type="password"
            autoComplete="new-password"
            value={next}
            hint={`At least ${MIN_PASSPHRASE} characters; it replaces the one you forgot.`}
            onValue={setNext}
          />
        </>
      )}
      <FailureNote error={unlock.error} />
      <div className="form-actions">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            unlock.reset();
            setMode(mode === 'passphrase' ? 'recovery' : 'passphrase');
          }}
        >
          {mode === 'passphrase' ? 'Forgot it? Use your recovery key' : 'Use your passphrase'}
        </button>
        <button
          type="submit"
          className="button"
          disabled={unlock.isPending || (mode === 'passphrase' ? !passphrase : !recoveryKey || !!nextProblem)}
        >
          {unlock.isPending ? 'Unlocking…' : 'Unlock'}
        </button>
      </div>
    </form>
  );
}
