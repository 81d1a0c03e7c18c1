import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Message, User } from '@parley/protocol';
import { Dialog, Icon } from '../../components/dialog';
import { MessageBody } from '../../components/message/markdown';
import { conversationPath, isDirect, placeName, senderName } from '../../lib/names';
import { keys } from '../../realtime/keys';
import { notify } from '../../realtime/notices';
import { sendMessage } from '../../realtime/send';
import { useChannels } from '../../realtime/use-channels';
import { useUserMap } from '../../realtime/use-users';
import { useDecrypted } from '../../crypto/use-decrypted';
import { forwardedBody, forwardTargets } from './forward';
import './forward-dialog.css';

/** Loaded when first opened: most sessions never forward. */
export default function ForwardDialog({
  message,
  link,
  onClose,
}: {
  message: Message;
  link: string;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const me = qc.getQueryData<User | null>(keys.session);
  const { data: channels = [] } = useChannels();
  const users = useUserMap();
  const [q, setQ] = useState('');
  const [to, setTo] = useState<string>();
  const [note, setNote] = useState('');
  const listId = useId();
  const from = channels.find((c) => c.id === message.channelId);
  // Sealed text goes only where it is sealed again: the server never reads it.
  const sealed = !!message.encrypted;
  const targets = useMemo(
    () => (me ? forwardTargets(channels, me, q, sealed) : []),
    [channels, me, q, sealed],
  );
  const author = senderName(message, users.get(message.authorId));
  const plain = useDecrypted(message, author);
  if (!me) return null;
  const text = sealed ? (plain?.ok ? plain.text : undefined) : (message.body ?? '');
  const target = channels.find((c) => c.id === to);
  const source = {
    text: text ?? '',
    author,
    place: from && isDirect(from) ? 'a direct message' : placeName(from, me),
    link: new URL(link, window.location.origin).href,
    files: message.files?.length ?? 0,
  };
  const forward = () => {
    if (!target || text === undefined) return;
    sendMessage(qc, target.id, forwardedBody(note, source));
    onClose();
    const path = conversationPath(target, me);
    notify(`Forwarded to ${placeName(target, me)}.`, 8_000, { label: 'Open', run: () => navigate(path) });
  };

  return (
    <Dialog title="Forward message" open onClose={onClose}>
      <form
        className="form forward-form"
        onSubmit={(e) => {
          e.preventDefault();
          forward();
        }}
      >
        <input
          className="search-input"
          aria-label="Find a conversation"
          aria-controls={listId}
          placeholder="Find a channel or person"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <fieldset className="forward-targets" id={listId}>
          <legend className="sr-only">Forward to</legend>
          {targets.map((c) => (
            <label key={c.id} className="forward-target">
              <input type="radio" name="forward-to" checked={to === c.id} onChange={() => setTo(c.id)} />
              {c.encrypted && <Icon name="lock" size={13} />}
              <span>{placeName(c, me)}</span>
            </label>
          ))}
          {targets.length === 0 && <p className="muted">No conversation matches “{q}”.</p>}
        </fieldset>
        {sealed && (
          <p className="muted small">
            <Icon name="lock" size={13} /> End-to-end encrypted: it can go only to encrypted conversations.
          </p>
        )}
        <label className="field">
          <span className="field-label">Add a message (optional)</span>
          <textarea rows={2} value={note} maxLength={4_000} onChange={(e) => setNote(e.target.value)} />
        </label>
        <blockquote className="forward-preview" aria-label="Forwarded message">
          <p className="forward-preview-meta">
            <strong>{author}</strong> in {source.place}
            {source.files > 0 && ` · ${source.files === 1 ? '1 file' : `${source.files} files`}`}
          </p>
          {text ? (
            <MessageBody text={text} inLink />
          ) : (
            text === undefined && (
              <p className="muted">{plain?.ok === false ? plain.reason : 'Decrypting…'}</p>
            )
          )}
        </blockquote>
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!target || text === undefined}>
            Forward
          </button>
        </div>
      </form>
    </Dialog>
  );
}
