import { useEffect, useRef } from 'react';
import { useDismiss } from '../../lib/use-dismiss';
import { useQuery } from '@tanstack/react-query';
import type { Message, MessageEditsResponse, MessageVersion } from '@parley/protocol';
import { decryptText } from '../../crypto/message-crypto';
import { api, describeError } from '../../lib/api';
import { dateFormat } from '../../lib/date-format';
import './edit-history.css';

const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** A message's earlier versions, oldest first, opened in the browser when sealed. */
export default function EditHistory({
  message,
  authorName,
  onClose,
}: {
  message: Message;
  authorName: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const versions = useQuery({
    queryKey: ['edits', message.id, message.editedAt],
    queryFn: async () => {
      const { versions } = await api<MessageEditsResponse>('GET', `/messages/${message.id}/edits`);
      return Promise.all(versions.map((v) => readable(v, message, authorName)));
    },
  });
  // The "(edited)" button is part of the popover's place: pressing it again toggles, not closes and reopens.
  const anchor = useRef<HTMLElement | null>(null);
  useEffect(() => {
    anchor.current = ref.current?.parentElement ?? null;
    ref.current?.focus();
  }, []);
  useDismiss(anchor, true, onClose);
  return (
    <div className="edit-history" role="dialog" aria-label="Earlier versions" tabIndex={-1} ref={ref}>
      <h3>Earlier versions</h3>
      {versions.isLoading ? (
        <p className="muted small">Loading…</p>
      ) : versions.isError ? (
        <p className="muted small">{describeError(versions.error)}</p>
      ) : versions.data?.length === 0 ? (
        <p className="muted small">No earlier versions are kept.</p>
      ) : (
        <ol>
          {versions.data?.map((v, i) => (
            <li key={i}>
              <span className="muted small">{when.format(new Date(v.writtenAt))}</span>
              <span className="edit-history-text">{v.text}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

async function readable(v: MessageVersion, message: Message, authorName: string) {
  if (!v.encrypted) return { writtenAt: v.writtenAt, text: v.body ?? '' };
  const plain = await decryptText({ ...message, body: null, encrypted: v.encrypted }, authorName);
  return { writtenAt: v.writtenAt, text: plain.ok ? plain.text : plain.reason };
}
