import { Dialog } from '../../components/dialog';
import { getConfig } from '../../lib/config';
import { CryptoSelfTest } from './crypto-self-test';
import './about.css';

export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const config = getConfig();
  return (
    <Dialog title="About Parley" open={open} onClose={onClose}>
      <div className="about">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <p className="about-name">
          Parley <span data-testid="about-version">{config.version}</span>
        </p>
        <p className="muted">
          Self-hosted team chat. Messages are never lost or doubled; encrypted channels stay unreadable to the
          server.
        </p>
        <dl className="about-facts">
          <dt>Encryption</dt>
          <dd>{config.cipherAlgorithm.toUpperCase()} with HMAC-SHA-256</dd>
          <dt>API</dt>
          <dd>{config.apiBase}</dd>
          <dt>Realtime</dt>
          <dd>{(config.socketBase || window.location.origin) + config.socketPath}</dd>
        </dl>
        <CryptoSelfTest />
      </div>
    </Dialog>
  );
}
