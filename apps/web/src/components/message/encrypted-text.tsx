import { Suspense, useMemo } from 'react';
import type { Message } from '@parley/protocol';
import { lazyChunk } from '../../lib/load-chunk';
import { EditedMark } from './edited-mark';
import { Icon } from '../dialog';
import { EditBox } from './composer';
import { MessageBody } from './markdown';
import { useDecrypted } from '../../crypto/use-decrypted';
import { getConfig } from '../../lib/config';
import './message.css';

// Only messages with files in encrypted channels need the file decryption code.
const SealedFiles = lazyChunk(() => import('./sealed-files'));

type Props = {
  message: Message;
  authorName: string;
  editing: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
  /** Saved empty: offer to delete instead (a message with files keeps its text editor as it is). */
  onEmpty?: () => void;
  /** Shown inside a link (the Saved view): the text alone, with nothing that takes focus. */
  inLink?: boolean;
};

/** An encrypted message as its reader sees it: the text, or why it cannot be read, never blank. */
export function EncryptedText({ message, authorName, editing, onSave, onCancel, onEmpty, inLink }: Props) {
  const plain = useDecrypted(message, authorName);
  const where = useMemo(
    () => ({ channelId: message.channelId, apiBase: getConfig().apiBase }),
    [message.channelId],
  );
  if (!plain) {
    return (
      <p className="message-crypto message-crypto-busy" data-crypto="decrypting">
        <Icon name="lock" size={14} /> Decrypting…
      </p>
    );
  }
  if (!plain.ok) {
    return (
      <p className={`message-crypto message-crypto-${plain.state}`} data-crypto={plain.state} role="note">
        <Icon name={plain.state === 'failed' ? 'alert' : 'lock'} size={14} />
        <span>
          <strong>{plain.state === 'failed' ? 'Cannot verify this message.' : 'Encrypted message.'}</strong>{' '}
          {plain.reason}
        </span>
      </p>
    );
  }
  if (inLink)
    return (
      <div className="message-text" data-crypto="ok">
        <MessageBody text={plain.text} inLink />
      </div>
    );
  const files = plain.files.length > 0 && !message.deletedAt && (
    <Suspense fallback={null}>
      <SealedFiles files={plain.files} where={where} />
    </Suspense>
  );
  if (editing)
    return (
      <>
        <EditBox
          initial={plain.text}
          onSave={onSave}
          onCancel={onCancel}
          onEmpty={plain.files.length ? undefined : onEmpty}
        />
        {files}
      </>
    );
  return (
    <>
      {(plain.text || plain.files.length === 0) && (
        <div className="message-text" data-crypto="ok">
          <MessageBody text={plain.text} />
          <EditedMark message={message} authorName={authorName} />
        </div>
      )}
      {files}
    </>
  );
}
