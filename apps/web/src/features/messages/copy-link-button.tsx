import { useState } from 'react';
import type { Message } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { notify } from '../../realtime/notices';
import { useMessageLink } from './message-link';

const COPIED_MS = 2_000;

/** "Copy link" among a message's actions: the full address of its permalink. */
export function CopyLinkButton({ message }: { message: Message }) {
  const linkOf = useMessageLink();
  const [copied, setCopied] = useState(false);
  if (!linkOf) return null;
  const handleCopy = async () => {
    const url = new URL(linkOf(message), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      // Clipboard access needs a secure context or permission; show the link to copy by hand instead.
      notify(`Copy this link: ${url}`);
    }
  };
  const label = copied ? 'Link copied' : 'Copy link';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      onClick={() => void handleCopy()}
    >
      <Icon name={copied ? 'check' : 'link'} size={16} />
    </button>
  );
}
