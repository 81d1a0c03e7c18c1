import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, ChannelResponse, Message, User } from '@parley/protocol';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { upsertChannel } from '../../realtime/merge';
import { Dialog, Icon } from '../../components/dialog';
import { MessageBody } from '../../components/message/markdown';
import { conversationPath, isDirect, placeName, senderName } from '../../lib/names';
import { keys } from '../../realtime/keys';
import { notify } from '../../realtime/notices';
import { sendMessage } from '../../realtime/send';
import { useChannels } from '../../realtime/use-channels';
import { useUserMap, useUsers } from '../../realtime/use-users';
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
  const { data: people = [] } = useUsers();
  const [q, setQ] = useState('');
  const [to, setTo] = useState<string>();
  const [note, setNote] = useState('');
  const [failed, setFailed] = useState<unknown>();
  const listId = useId();
  const from = channels.find((c) => c.id === message.channelId);
  // Sealed text goes only where it is sealed again: the server never reads it.
  const sealed = !!message.encrypted;
  const targets = useMemo(
    () => (me ? forwardTargets(channels, people, me, q, sealed) : []),
    [channels, people, me, q, sealed],
  );
  const author = senderName(message, users.get(message.authorId));
  const plain = useDecrypted(message, author);
  if (!me) return null;
  const text = sealed ? (plain?.ok ? plain.text : undefined) : (message.body ?? '');
  const target = targets.find((t) => t.key === to);
  const source = {
    text: text ?? '',
    author,
    place: from && isDirect(from) ? 'a direct message' : placeName(from, me),
    link: new URL(link, window.location.origin).href,
    files: message.files?.length ?? 0,
  };
  const forward = async () => {
    if (!target || text === undefined) return;
    let channel = target.channel;
    try {
      // A person with no DM yet: it is started first, as opening it would.
      if (!channel)
        channel = (await api<ChannelResponse>('POST', '/dms', { userId: target.user!.id })).channel;
    } catch (err) {
      return setFailed(err);
    }
    qc.setQueryData<Channel[]>(keys.channels, (list) => upsertChannel(list, channel));
    sendMessage(qc, channel.id, forwardedBody(note, source));
    onClose();
    const path = conversationPath(channel, me);
    notify(`Forwarded to ${placeName(channel, me)}.`, 8_000, { label: 'Open', run: () => navigate(path) });
  };

  return (
    <Dialog title="Forward message" open onClose={onClose}>
      <form
        className="form forward-form"
        onSubmit={(e) => {
          e.preventDefault();
          void forward();
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
          {targets.map((t) => (
            <label key={t.key} className="forward-target">
              <input type="radio" name="forward-to" checked={to === t.key} onChange={() => setTo(t.key)} />
              {t.encrypted && <Icon name="lock" size={13} />}
              <span>{t.label}</span>
              {t.user && <span className="muted small">@{t.user.username}</span>}
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
        <FailureNote error={failed} />
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
