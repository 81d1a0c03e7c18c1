import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FailureNote, Field } from '../../components/field';
import { useStore } from '../../lib/store';
import { FORGET_NOTE, MIN_PASSPHRASE, RecoveryKeyNotice, SetupForm, UnlockForm } from './encryption-forms';
import { changePassphrase, lockThisBrowser, replaceRecoveryKey, vault } from '../../crypto/vault';
import './encryption.css';

/** Settings → Encryption: set up, unlock, fingerprint, passphrase and recovery key. */
export function EncryptionSettings() {
  const v = useStore(vault);
  const [resetting, setResetting] = useState(false);
  const [recoveryKey, setRecoveryKey] = useState<string>();
  if (recoveryKey) {
    return (
      <section className="card">
        <RecoveryKeyNotice recoveryKey={recoveryKey} onDone={() => setRecoveryKey(undefined)} />
      </section>
    );
  }
  if (v.status === 'loading') return <section className="card">Loading your keys…</section>;
  if (v.status === 'none' || resetting) {
    return (
      <section className="card" data-testid="encryption-setup">
        <h2>{resetting ? 'Reset encryption' : 'Set up end-to-end encryption'}</h2>
        <p className="muted">
          {resetting
            ? 'New keys replace your old ones. Messages sealed for the old keys stay unreadable to you until a member’s browser shares the channel keys with your new key; members who verified you will see that your key changed.'
            : 'Encrypted channels and direct messages are sealed in your browser: the server stores only ciphertext. Your keys are made here and kept on the server locked under a passphrase that only you know.'}
        </p>
        <p className="notice">{FORGET_NOTE}</p>
        <SetupForm
          onCreated={(key) => {
            setResetting(false);
            setRecoveryKey(key);
          }}
        />
      </section>
    );
  }
  if (v.status === 'locked') {
    return (
      <>
        <section className="card">
          <h2>Unlock encryption in this browser</h2>
          <p className="muted">Your keys are set up; this browser needs your passphrase once to use them.</p>
          <UnlockForm />
        </section>
        <ResetZone onReset={() => setResetting(true)} />
      </>
    );
  }
  return (
    <>
      <section className="card">
        <h2>Encryption is on</h2>
        <p className="muted">
          Your fingerprint. Others compare it with what they see for you in a channel’s member list.
        </p>
        <code className="fingerprint" data-testid="own-fingerprint">
          {v.fingerprint}
        </code>
        <div className="form-actions form-actions-start">
          <button type="button" className="button button-ghost" onClick={() => void lockThisBrowser()}>
            Lock this browser
          </button>
        </div>
      </section>
      <ChangePassphrase />
      <NewRecoveryKey />
      <ResetZone onReset={() => setResetting(true)} />
    </>
  );
}

function ChangePassphrase() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useMutation({ mutationFn: () => changePassphrase(current, next) });
  const short = next.length > 0 && next.length < MIN_PASSPHRASE;
  return (
    <form
      className="card form"
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(undefined, { onSuccess: () => (setCurrent(''), setNext('')) });
      }}
    >
      <h2>Change passphrase</h2>
      <Field
        label="Current passphrase"
        type="password"
        autoComplete="current-password"
        value={current}
        onValue={setCurrent}
      />
      <Field
        label="New passphrase"
        type="password"
        autoComplete="new-password"
        value={next}
        hint={`At least ${MIN_PASSPHRASE} characters.`}
        onValue={setNext}
      />
      <FailureNote error={change.error} />
      {change.isSuccess && <p className="notice">Passphrase changed.</p>}
      <div className="form-actions">
        <button type="submit" className="button" disabled={!current || !next || short || change.isPending}>
          Change passphrase
        </button>
      </div>
    </form>
  );
}

function NewRecoveryKey() {
  const [passphrase, setPassphrase] = useState('');
  const make = useMutation({ mutationFn: () => replaceRecoveryKey(passphrase) });
  if (make.data) {
    return (
      <section className="card">
        <RecoveryKeyNotice recoveryKey={make.data} onDone={() => make.reset()} />
      </section>
    );
  }
  return (
    <form
      className="card form"
      onSubmit={(e) => {
        e.preventDefault();
        make.mutate();
      }}
    >
      <h2>Recovery key</h2>
      <p className="muted">Lost it? Make a new one; the old one stops working.</p>
      <Field
        label="Your passphrase"
        type="password"
        autoComplete="current-password"
        value={passphrase}
        onValue={setPassphrase}
      />
      <FailureNote error={make.error} />
      <div className="form-actions">
        <button type="submit" className="button button-ghost" disabled={!passphrase || make.isPending}>
          Make a new recovery key
        </button>
      </div>
    </form>
  );
}

function ResetZone({ onReset }: { onReset: () => void }) {
  const [asking, setAsking] = useState(false);
  return (
    <section className="card">
      <h2>Lost your passphrase and recovery key?</h2>
      <p className="muted">
        Nobody can recover them. You can reset encryption with new keys; what was sealed for the old keys is
        readable again only once members’ browsers share the channel keys with you anew.
      </p>
      <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
        Reset encryption
      </button>
      <ConfirmDialog
        open={asking}
        title="Reset your encryption keys?"
        confirmLabel="Reset encryption"
        danger
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onReset();
        }}
      >
        <p>Your old keys stop working in every browser. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
