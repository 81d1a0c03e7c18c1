import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { Channel, Message, User } from '@parley/protocol';
import { lazyChunk } from '../lib/load-chunk';
import { ChannelHeader } from '../features/channels/channel-header';
import { PinsButton } from '../features/pins/pins-button';
import { FilesButton } from '../features/files/files-button';
import { useEnsureUsers, useUserMap, useUsers } from '../realtime/use-users';
import { setOpenChannel } from '../realtime/reading';
import { sendMessage } from '../realtime/send';
import { useDraft } from '../realtime/drafts';
import { channelNames, mentionSource } from '../realtime/mention-source';
import { currentSocket } from '../realtime/sync';
import { useEncryptionReady } from '../crypto/use-encryption-ready';
import { conversationPath, dmName, isDirect } from '../lib/names';
import { rememberOpened } from '../lib/recent-conversations';
import { KeyChangeWarning } from '../features/encryption/key-change-warning';
import { useReactToLast } from '../features/reactions/use-react-to-last';
import { useKeyKeeper } from '../features/encryption/use-key-keeper';
import { ThreadLinkContext, useThreadRoute } from '../features/threads/thread-link';
import { ThreadPanel } from '../features/threads/thread-panel';
import { Composer } from '../components/message/composer';
import { EphemeralNotes } from '../components/message/ephemeral-notes';
import { ScheduledStrip } from '../components/message/scheduled-strip';
import { useScheduleSend } from '../components/message/use-schedule-send';
import { FileDropArea } from '../components/message/file-drop';
import { TypingLine } from '../components/message/typing-line';
import { NotInChannelNotice, useNotInChannel } from '../components/mention/not-in-channel';
import { useInviteOffer } from '../features/invites/use-invite-offer';
import { MessageLinkContext } from '../features/messages/message-link';
import { messagePathFrom } from '../lib/message-path';
import { MessageList } from '../features/messages/message-list';
import { canAddMembers } from '../lib/channel-rights';
import { PHONE, useMediaQuery } from '../lib/use-media-query';
import { useLanding } from '../features/messages/use-landing';
import { useMarkRead, useMarkUnread, useMessages } from '../realtime/use-messages';
import { MarkUnreadContext } from '../features/messages/mark-unread';
import { notify } from '../realtime/notices';
import { useSlashCommands } from './use-slash-commands';
import './channel-screen.css';

// Opened with a click: loaded then, not with the first screen.
const MembersPanel = lazyChunk(() => import('./members-panel').then((m) => ({ default: m.MembersPanel })));
// Only an encrypted channel this browser cannot yet read shows it: not part of every channel's first load.
const EncryptionGate = lazyChunk(() =>
  import('../features/encryption/encryption-gate').then((m) => ({ default: m.EncryptionGate })),
);

// Opened from the actions menu, rarely.
const WebhooksDialog = lazyChunk(() => import('../features/webhooks/webhooks-dialog'));

const TYPING_EMIT_MS = 3_000;

/** Webhooks post to channels a member may post in; the server cannot seal, so never encrypted ones. */
const takesWebhooks = (channel: Channel, me: User) =>
  !!channel.membership &&
  !isDirect(channel) &&
  !channel.encrypted &&
  !channel.archivedAt &&
  me.role !== 'guest';

/** Whom a row names: its author, and whoever a system line says was added or removed. */
const peopleOf = (m: Message) =>
  m.system && 'userId' in m.system ? [m.authorId, m.system.userId] : [m.authorId];

export function ChannelView({ channel, me }: { channel: Channel; me: User }) {
  const qc = useQueryClient();
  const users = useUserMap();
  const { isSuccess: usersReady } = useUsers();
  const navigate = useNavigate();
  const { openId: openThreadId, links: threads } = useThreadRoute(channel, me);
  // A message link: /c/name/m/id, or ?m=id on a DM's page.
  const params = useParams();
  const [search] = useSearchParams();
  const linkedId = params.linkedId ?? search.get('m') ?? undefined;
  // The "New messages" line marks what was unread when the channel opened, not what arrives while reading.
  const [unreadAfter, setUnreadAfter] = useState(
    channel.membership?.unread ? channel.membership.lastReadSeq : undefined,
  );
  const [unreadCount, setUnreadCount] = useState(channel.membership?.unread ?? 0);
  // After "Mark unread" the channel stays unread while it is on screen, as in Slack: reading resumes on return.
  const [heldUnread, setHeldUnread] = useState(false);
  const landing = useLanding(channel.id, {
    linkedId,
    unreadAfter,
    onThreadReply: (id) => navigate(threads.href(id), { replace: true }),
  });
  const { data, isLoading } = useMessages(channel.id, landing.ready);
  // Keyed by the path, not the channel object, which changes with every message's counts.
  const home = conversationPath(channel, me);
  const direct = isDirect(channel);
  const linkOf = useCallback(
    (m: Pick<Message, 'id' | 'threadRootId' | 'alsoInChannel'>) => messagePathFrom(home, direct, m),
    [home, direct],
  );
  const reactToLast = useReactToLast();
  const draft = useDraft(channel, null, me.id);
  const scheduleSend = useScheduleSend(channel, null, me.id);
  const notInChannel = useNotInChannel(channel, me);
  const mentions = useMemo(() => mentionSource(channel.id), [channel.id]);
  useEnsureUsers(data?.messages.flatMap(peopleOf) ?? [], users, usersReady);
  const [editingId, setEditingId] = useState<string>();
  const [showMembers, setShowMembers] = useState(false);
  // On a phone Files and Pins leave the header for its actions menu, so the channel's name has room.
  const phone = useMediaQuery(PHONE);
  const [headerPanel, setHeaderPanel] = useState<'files' | 'pins'>();
  const [webhooksOpen, setWebhooksOpen] = useState(false);
  const panel = (name: 'files' | 'pins') => ({
    open: headerPanel === name,
    onOpenChange: (open: boolean) => setHeaderPanel(open ? name : undefined),
    trigger: !phone,
  });
  const [addingPeople, setAddingPeople] = useState(false);
  const inviteOffer = useInviteOffer(channel, me);
  const slash = useSlashCommands(channel, me);
  const lastTyping = useRef(0);
  const markRead = useMarkRead();
  const cryptoReady = useEncryptionReady(channel.encrypted);
  useKeyKeeper(channel, me.id);
  useEffect(() => rememberOpened(channel.id), [channel.id]);
  const { closeHref } = threads;
  const closeThread = useCallback(() => {
    navigate(closeHref);
    // Back to where one was writing, as after an inline edit.
    requestAnimationFrame(() =>
      document.querySelector<HTMLTextAreaElement>('.channel-main .composer textarea')?.focus(),
    );
  }, [navigate, closeHref]);
  // One side panel at a time, as in Slack: members replace an open thread.
  const toggleMembers = () => {
    if (openThreadId) navigate(closeHref);
    setAddingPeople(false);
    setShowMembers((v) => !v || !!openThreadId);
  };
  const addPeople = () => {
    if (openThreadId) navigate(closeHref);
    setAddingPeople(true);
    setShowMembers(true);
  };

  // Leaving the inline editor (Enter or Escape) puts the cursor back in the composer.
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editingId)
      document.querySelector<HTMLTextAreaElement>('.composer textarea')?.focus();
    wasEditing.current = !!editingId;
  }, [editingId]);

  useEffect(() => {
    setOpenChannel(channel.id);
    return () => setOpenChannel(undefined);
  }, [channel.id]);

  // Opening a channel reads all of it, as in Slack, even where the window shown stops short of the newest.
  const lastSeq = Math.max(data?.messages.at(-1)?.seq ?? 0, data ? channel.lastSeq : 0);
  const readSeq = channel.membership?.lastReadSeq ?? 0;
  const unread = channel.membership?.unread ?? 0;
  useEffect(() => {
    if (!channel.membership || heldUnread || (lastSeq <= readSeq && unread === 0)) return;
    const mark = () => document.hasFocus() && void markRead(channel.id, lastSeq).catch(() => {});
    const timer = setTimeout(mark, 400);
    window.addEventListener('focus', mark);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('focus', mark);
    };
  }, [channel.id, channel.membership, heldUnread, lastSeq, readSeq, unread, markRead]);

  const markUnreadFrom = useMarkUnread();
  const markUnread = useCallback(
    (message: Message) => {
      setHeldUnread(true);
      markUnreadFrom(channel.id, message.seq).then(
        (read) => {
          setUnreadAfter(read.unread ? read.seq : undefined);
          setUnreadCount(read.unread);
        },
        () => {
          setHeldUnread(false);
          notify('The message could not be marked unread. Try again.');
        },
      );
    },
    [channel.id, markUnreadFrom],
  );

  const handleTyping = useCallback(() => {
    const now = Date.now();
    if (now - lastTyping.current < TYPING_EMIT_MS) return;
    lastTyping.current = now;
    currentSocket()?.emit('typing:start', { channelId: channel.id });
  }, [channel.id]);

  const handleEditLast = useCallback(() => {
    const mine = data?.messages
      .filter((m) => m.authorId === me.id && !m.deletedAt && !m.system && !m.via)
      .at(-1);
    if (mine) setEditingId(mine.id);
  }, [data, me.id]);

  const where = isDirect(channel) ? dmName(channel, me) : `#${channel.name}`;
  const label = `Message ${where}`;
  const disabled = channel.archivedAt
    ? 'This channel is archived. You can read its history.'
    : !channel.membership
      ? 'Join the channel to post.'
      : undefined;

  const view = (
    <section className="channel-view">
      <ChannelHeader
        channel={channel}
        me={me}
        onToggleMembers={toggleMembers}
        tucked={
          phone
            ? [
                { label: 'Files', run: () => setHeaderPanel('files') },
                { label: 'Pinned messages', run: () => setHeaderPanel('pins') },
              ]
            : []
        }
        menuExtras={
          takesWebhooks(channel, me)
            ? [{ label: 'Webhooks', hint: 'Post here from other tools', run: () => setWebhooksOpen(true) }]
            : []
        }
        extraActions={
          <>
            <FilesButton
              channel={channel}
              users={users}
              linkOfMessage={(id) => linkOf({ id, threadRootId: null, alsoInChannel: false })}
              {...panel('files')}
            />
            <PinsButton channel={channel} users={users} linkOf={linkOf} {...panel('pins')} />
          </>
        }
      />
      <div className="channel-body">
        <FileDropArea className="channel-main" label={`Drop files to share in ${where}`}>
          {isLoading || !data || !landing.ready ? (
            <div className="list-loading" aria-busy="true">
              Loading messages…
            </div>
          ) : (
            <MessageList
              key={`${channel.id}:${landing.key}`}
              channel={channel}
              messages={data.messages}
              hasMoreBefore={data.hasMoreBefore}
              hasMoreAfter={!!data.hasMoreAfter}
              me={me}
              users={users}
              unreadAfter={unreadAfter}
              unreadCount={unreadCount}
              focus={landing.focus}
              onJumpToLatest={() => void landing.jumpToLatest()}
              onJumpToUnread={() => void landing.jumpToUnread()}
              editingId={editingId}
              onEditingChange={setEditingId}
              onAddPeople={canAddMembers(channel, me) ? addPeople : undefined}
              onInvite={inviteOffer.onInvite}
            />
          )}
          <TypingLine where={channel.id} users={users} />
          {channel.encrypted && <KeyChangeWarning channel={channel} onReview={() => setShowMembers(true)} />}
          <NotInChannelNotice
            channel={channel}
            me={me}
            users={notInChannel.users}
            total={notInChannel.total}
            onDone={notInChannel.dismiss}
          />
          <EphemeralNotes channelId={channel.id} users={users} />
          <ScheduledStrip channelId={channel.id} />
          {!disabled && !cryptoReady ? (
            <Suspense fallback={<div className="composer composer-gate" aria-busy="true" />}>
              <EncryptionGate />
            </Suspense>
          ) : (
            <Composer
              label={label}
              disabled={disabled}
              onSend={(text, fileIds, sealedFiles) => {
                lastTyping.current = 0;
                // Writing in the channel reads it, as in Slack, even after "Mark unread".
                setHeldUnread(false);
                // A send from a window into history goes to the newest messages, where it shows.
                if (data?.hasMoreAfter) void landing.jumpToLatest();
                sendMessage(qc, channel.id, text, { fileIds, sealedFiles });
                notInChannel.check(text);
              }}
              attachTo={channel.id}
              sealFiles={channel.encrypted}
              onTyping={handleTyping}
              onEditLast={handleEditLast}
              onReact={(emoji) => reactToLast(data?.messages ?? [], emoji)}
              initialText={draft.initialText}
              onTextChange={draft.onTextChange}
              mentionSource={mentions}
              channelSource={channelNames}
              broadcasts={!isDirect(channel)}
              audience={channel.memberCount}
              commands={slash.commands}
              onCommand={slash.run}
              onCommandsWanted={slash.want}
              onSchedule={scheduleSend}
            />
          )}
        </FileDropArea>
        {openThreadId ? (
          <ThreadPanel
            key={openThreadId}
            channel={channel}
            me={me}
            users={users}
            messageId={openThreadId}
            commands={slash}
            onClose={closeThread}
          />
        ) : (
          showMembers && (
            <Suspense fallback={null}>
              <MembersPanel
                channel={channel}
                me={me}
                focusAdd={addingPeople}
                onClose={() => setShowMembers(false)}
              />
            </Suspense>
          )
        )}
      </div>
      {inviteOffer.dialog}
      {slash.dialog}
      {webhooksOpen && (
        <Suspense fallback={null}>
          <WebhooksDialog channel={channel} me={me} users={users} onClose={() => setWebhooksOpen(false)} />
        </Suspense>
      )}
    </section>
  );
  return (
    <ThreadLinkContext.Provider value={threads}>
      <MessageLinkContext.Provider value={linkOf}>
        <MarkUnreadContext.Provider value={channel.membership ? markUnread : undefined}>
          {view}
        </MarkUnreadContext.Provider>
      </MessageLinkContext.Provider>
    </ThreadLinkContext.Provider>
  );
}
