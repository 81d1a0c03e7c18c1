import { Link } from 'react-router';
import { Icon } from '../../components/dialog';
import { useStore } from '../../lib/store';
import { UnlockForm } from './encryption-forms';
import { vault } from '../../crypto/vault';
import './encryption.css';

/** In place of the composer of an encrypted channel while this browser cannot encrypt. */
export function EncryptionGate() {
  const v = useStore(vault);
  if (v.status === 'unlocked') return null;
  return (
    <div className="composer composer-gate" data-testid="encryption-gate" data-vault={v.status}>
      <Icon name="lock" size={18} />
      {v.status === 'loading' ? (
        <p>Loading your encryption keys…</p>
      ) : v.status === 'none' ? (
        <div>
          <p>
            <strong>This conversation is end-to-end encrypted.</strong> Set up encryption to read and send
            messages here.
          </p>
          <Link className="button button-small" to="/settings/encryption">
            Set up encryption
          </Link>
        </div>
      ) : (
        <div>
          <p>
            <strong>Unlock encryption in this browser</strong> to read and send messages here.
          </p>
          <UnlockForm />
        </div>
      )}
    </div>
  );
}
