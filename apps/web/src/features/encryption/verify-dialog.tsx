import type { User } from '@parley/protocol';
import { Dialog } from '../../components/dialog';
import { useStore } from '../../lib/store';
import { markVerified, trustOf, verified } from '../../crypto/verification';
import { vault } from '../../crypto/vault';
import './encryption.css';

/** Compare fingerprints out of band, then mark the person verified in this browser. */
export function VerifyDialog({
  user,
  fingerprint,
  onClose,
}: {
  user: User;
  fingerprint: string;
  onClose: () => void;
}) {
  const v = useStore(vault);
  const trust = trustOf(useStore(verified), user.id, fingerprint);
  return (
    <Dialog title={`Verify ${user.displayName}`} open onClose={onClose}>
      {trust === 'changed' && (
        <p className="key-warning" role="alert">
          This is not the key you verified before. {user.displayName} may have reset their encryption, or
          someone else may hold it. Compare again before you trust it.
        </p>
      )}
      <p className="muted">
        Ask {user.displayName} to open Settings → Encryption and read out their fingerprint, in person or on a
        call. If every group matches, their messages really come from them.
      </p>
      <h3 className="fingerprint-label">{user.displayName}’s fingerprint</h3>
      <code className="fingerprint" data-testid="peer-fingerprint">
        {fingerprint}
      </code>
      {v.status === 'unlocked' && (
        <>
          <h3 className="fingerprint-label">Yours</h3>
          <code className="fingerprint">{v.fingerprint}</code>
        </>
      )}
      <div className="form-actions">
        {trust === 'verified' ? (
          <button
            type="button"
            className="button button-ghost"
            onClick={() => markVerified(user.id, undefined)}
          >
            Remove verification
          </button>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => {
              markVerified(user.id, fingerprint);
              onClose();
            }}
          >
            They match: mark as verified
          </button>
        )}
      </div>
    </Dialog>
  );
}
