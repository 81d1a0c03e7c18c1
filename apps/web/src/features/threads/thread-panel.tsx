import { useCallback, useEffect, useState } from 'react';
import type { Channel, User } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { ApiError, describeError } from '../../lib/api';
import { EphemeralNotes } from '../../components/message/ephemeral-notes';
import type { CommandSource } from '../../components/message/slash-commands';
import { TypingLine } from '../../components/message/typing-line';
import { NotInChannelNotice, useNotInChannel } from '../../components/mention/not-in-channel';
import { useEncryptionReady } from '../../crypto/use-encryption-ready';
import { FollowButton } from './follow-button';
import { ThreadComposer } from './thread-composer';
import { FileDropArea } from '../../components/message/file-drop';
import { ThreadConversation } from './thread-conversation';
import { useMarkThreadRead, useRestOfThread, useThread, useThreadRootId } from './use-thread';
import './threads.css';

type Props = {
  channel: Channel;
  me: User;
  users: Map<string, User>;
  /** The id in the address: the root, or a reply (a permalink). */
  messageId: string;
  /** The conversation's slash commands; a bot's runs from here name the thread. */
  commands?: CommandSource;
  onClose: () => void;
};

/** A thread beside the channel (full screen on a phone): the root, its replies and a composer. */
export function ThreadPanel({ channel, me, users, messageId, commands, onClose }: Props) {
  const { rootId, error: resolveError } = useThreadRootId(channel.id, messageId);
  const { data: page, error: loadError } = useThread(rootId);
  useRestOfThread(page);
  const [editingId, setEditingId] = useState<string>();
  const cryptoReady = useEncryptionReady(channel.encrypted);
  useMarkReadWhileOpen(page?.root.id, page?.messages.at(-1)?.seq ?? 0, page?.thread);
  useCloseOnEscape(onClose);

  const notInChannel = useNotInChannel(channel, me);
  const handleEditLast = useCallback(() => {
    const mine = page?.messages.filter((m) => m.authorId === me.id && !m.deletedAt && !m.via).at(-1);
    if (mine) setEditingId(mine.id);
  }, [page, me.id]);

  const error = resolveError ?? loadError;
  const where = channel.kind === 'dm' || channel.kind === 'group' ? 'Direct message' : `#${channel.name}`;
  const disabled = channel.archivedAt
    ? 'This channel is archived.'
    : !channel.membership
      ? 'Join the channel to reply.'
      : !cryptoReady
        ? 'Unlock encryption in the channel to reply.'
        : undefined;

  return (
    <FileDropArea
      element="aside"
      className="thread-panel"
      ariaLabel="Thread"
      label="Drop files to reply in the thread"
    >
      <header className="thread-header">
        <button type="button" className="icon-button thread-back" aria-label="Close thread" onClick={onClose}>
          <Icon name="chevron" />
        </button>
        <div className="thread-title">
          <h2>Thread</h2>
          <span className="muted">{where}</span>
        </div>
        {page && <FollowButton thread={page.thread} />}
        <button
          type="button"
          className="icon-button thread-close"
          aria-label="Close thread"
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </header>
      {error ? (
        <p className="thread-error" role="alert">
          {error instanceof ApiError && error.status === 404
            ? 'This thread does not exist or was removed.'
            : describeError(error)}
        </p>
      ) : !page ? (
        <div className="list-loading" aria-busy="true">
          Loading thread…
        </div>
      ) : (
        <ThreadConversation
          page={page}
          channel={channel}
          me={me}
          users={users}
          highlightId={messageId !== page.root.id ? messageId : undefined}
          editingId={editingId}
          onEditingChange={setEditingId}
        />
      )}
      {/* The composer is drawn while the replies load, as in Slack: one can start writing at once. */}
      {rootId && !error && (
        <>
          <TypingLine where={rootId} users={users} />
          <NotInChannelNotice
            channel={channel}
            me={me}
            users={notInChannel.users}
            total={notInChannel.total}
            onDone={notInChannel.dismiss}
          />
          <EphemeralNotes channelId={channel.id} threadRootId={rootId} users={users} />
          <ThreadComposer
            channel={channel}
            rootId={rootId}
            selfId={me.id}
            disabled={disabled}
            onEditLast={handleEditLast}
            onSent={notInChannel.check}
            commands={commands}
          />
        </>
      )}
    </FileDropArea>
  );
}

/** Replies on screen count as read while the window has focus; read here, cleared in every tab. */
function useMarkReadWhileOpen(
  rootId: string | undefined,
  lastSeq: number,
  thread: { lastReadSeq: number; unread: number } | undefined,
) {
  const markRead = useMarkThreadRead();
  const behind = !!thread && (lastSeq > thread.lastReadSeq || thread.unread > 0);
  useEffect(() => {
    if (!rootId || !behind || lastSeq === 0) return;
    const mark = () => document.hasFocus() && void markRead(rootId, lastSeq).catch(() => {});
    const timer = setTimeout(mark, 400);
    window.addEventListener('focus', mark);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', mark);
    };
  }, [rootId, lastSeq, behind, markRead]);
}

/** Escape closes the thread, unless it is clearing a field with text, an editor or a dialog. */
function useCloseOnEscape(onClose: () => void) {
  useEffect(() => {
    const handle = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
      const field = e.target;
      if ((field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) && field.value) return;
      onClose();
    };
    document.addEventListener('keydown', handle);
    return () => document.removeEventListener('keydown', handle);
  }, [onClose]);
}
