import { useState } from 'react';

/** Copies `text`; where the clipboard is refused, shows it in a prompt to copy by hand. */
export function CopyButton({ text, what, small }: { text: string; what: string; small?: boolean }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={`button button-ghost${small ? ' button-small' : ''}`}
      onClick={() =>
        void navigator.clipboard
          ?.writeText(text)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1_500);
          })
          .catch(() => window.prompt(`Copy this ${what}`, text))
      }
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
