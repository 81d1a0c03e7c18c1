import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';
import './secret-once.css';

/** A secret shown this once (a webhook's URL, a bot's token), to copy, with a command to try it. */
export function SecretOnce({
  label,
  value,
  example,
  children,
  actions,
}: {
  label: string;
  value: string;
  example: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="secret-once" aria-label={`New ${label}`}>
      <p>{children}</p>
      <div className="secret-once-value">
        <input readOnly aria-label={label} value={value} onFocus={(e) => e.target.select()} />
        <CopyButton text={value} what={label} />
      </div>
      <p className="small muted">Try it:</p>
      <pre className="secret-once-example" tabIndex={0} aria-label="Example command">
        {example}
      </pre>
      <div className="form-actions">{actions}</div>
    </section>
  );
}
