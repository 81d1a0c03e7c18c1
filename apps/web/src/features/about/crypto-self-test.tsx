import { useState } from 'react';
import './about.css';

type Result = { name: string; ok: boolean };

/** Runs the NIST AES-256-CTR and RFC 4231 HMAC-SHA-256 known answers in this browser's WebCrypto. */
export function CryptoSelfTest() {
  const [results, setResults] = useState<Result[]>();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const { runKnownAnswerTests } = await import('@parley/crypto/self-test');
      setResults(await runKnownAnswerTests());
    } catch {
      setResults([{ name: 'WebCrypto is not available in this browser', ok: false }]);
    } finally {
      setRunning(false);
    }
  };
  const passed = results?.filter((r) => r.ok).length ?? 0;
  return (
    <div className="self-test">
      <button type="button" className="button button-ghost button-small" onClick={run} disabled={running}>
        {running ? 'Checking…' : 'Check encryption in this browser'}
      </button>
      {results && (
        <p
          data-testid="crypto-self-test"
          className={passed === results.length ? 'self-test-ok' : 'error-note'}
        >
          {passed} of {results.length} known-answer checks passed
          {passed < results.length &&
            `: failed ${results
              .filter((r) => !r.ok)
              .map((r) => r.name)
              .join(', ')}`}
        </p>
      )}
    </div>
  );
}
