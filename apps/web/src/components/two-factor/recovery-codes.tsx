import { downloadText } from '../../lib/download-text';
import { CopyButton } from '../copy-button';
import { StepHeading } from './step-heading';
import './two-factor.css';

function download(codes: string[]) {
  const text = [`Parley recovery codes for ${window.location.host}`, '', ...codes, ''].join('\n');
  downloadText('parley-recovery-codes.txt', text);
}

/** The recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({
  codes,
  renewed,
  onDone,
}: {
  codes: string[];
  renewed: boolean;
  onDone: () => void;
}) {
  return (
    <div className="form">
      <StepHeading>Save your recovery codes</StepHeading>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <p className="two-factor-text">
        Each code signs you in once if you lose your phone. Keep them somewhere safe, like a password manager.
        {renewed && ' The codes you had before no longer work.'}
      </p>
      <div className="form-actions two-factor-actions">
        <CopyButton text={codes.join('\n')} what="recovery codes" />
        <button type="button" className="button button-ghost" onClick={() => download(codes)}>
          Download
        </button>
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
