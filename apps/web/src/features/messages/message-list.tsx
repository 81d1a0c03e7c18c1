import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import { isDirect } from '../../lib/names';
import { Icon } from '../../components/dialog';
import { Virtuoso } from 'react-virtuoso';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, Message, User } from '@parley/protocol';
import { outbox, removeItem, type OutboxItem } from '../../realtime/outbox';
import { retryMessage } from '../../realtime/send';
import { useStore } from '../../lib/store';
import { isPending, mergeMessages } from '../../realtime/merge';
import { canDeleteMessage } from '../../components/message/can-delete';
import { DeleteMessageDialog } from '../../components/message/delete-message-dialog';
import { groupMessages, stableRows, type Row } from '../../components/message/group-messages';
import { useLoadNewer } from './history-window';
import { JumpToLatest, JumpToUnread } from './jump-controls';
import { MessageRow, PendingRow } from '../../components/message/message-row';
import { SystemRow } from '../../components/message/system-row';
import { useAltClickMarksUnread } from './mark-unread';
import { endsAtBottom, startsAt, TailPreview, useListSettled, usePreviewRows } from './tail-preview';
import type { Focus } from './use-landing';
import { useLandOn } from './use-land-on';
import { useScrollState } from './use-scroll-state';
import { useStickToBottom } from './use-stick-to-bottom';
import { useDeleteMessage, useEditMessage, useLoadOlder } from '../../realtime/use-messages';
import { clockTime } from '../../lib/date-format';
import { DirectStart } from './direct-start';
import './message-list.css';
import { isOwnMessage } from '../../lib/own-message';
import { daysWords } from '../../lib/retention';
import { useInstanceSettings } from '../../realtime/use-instance';

const BASE_INDEX = 1_000_000;
/** Rows drawn in the first-frame preview: more than a tall window shows. */
const PREVIEW_ROWS = 30;
/** How long a linked message stays marked after it was opened. */
const HIGHLIGHT_MS = 3_000;
const E2E_NOTE = 'Messages here are end-to-end encrypted: only members’ browsers can read them.';

type Item = { kind: 'row'; row: Row } | { kind: 'pending'; item: OutboxItem };
const keyOf = (item: Item) => (item.kind === 'row' ? item.row.message.id : item.item.clientId);
/** The "New messages" line opens this far below the top, with the end of what was read above it. */
const UNREAD_CONTEXT_PX = 56;

type Props = {
  channel: Channel;
  messages: Message[];
  hasMoreBefore: boolean;
  /** The page is a window short of the newest: newer pages load at its end. */
  hasMoreAfter: boolean;
  me: User;
  users: Map<string, User>;
  unreadAfter: number | undefined;
  /** Unread when the channel was opened, for the "Jump to first unread" bar. */
  unreadCount: number;
  /** Where the list opens; a new list is mounted for each jump. */
  focus: Focus;
  onJumpToLatest: () => void;
  onJumpToUnread: () => void;
  editingId: string | undefined;
  onEditingChange: (id: string | undefined) => void;
  /** Where the person may add members: an empty channel offers it, as its first step. */
  onAddPeople?: () => void;
  /** Where one is alone on the instance: the channel's start offers to invite people. */
  onInvite?: () => void;
};

/**
 * A virtualized list: only the rows on screen are mounted; older pages load when the top is reached,
 * newer ones at the bottom of a window that does not reach the newest.
 */
export function MessageList({
  channel,
  messages,
  hasMoreBefore,
  hasMoreAfter,
  me,
  users,
  unreadAfter,
  unreadCount,
  focus,
  onJumpToLatest,
  onJumpToUnread,
  editingId,
  onEditingChange,
  onAddPeople,
  onInvite,
}: Props) {
  const qc = useQueryClient();
  const loadOlder = useLoadOlder(channel.id);
  const loadNewer = useLoadNewer(channel.id);
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const queued = useStore(outbox);
  const [anchorSeq] = useState(messages[0]?.seq ?? 0);
  // Messages newer than this, by others, count as new for "Jump to latest".
  const [newAfter] = useState(unreadAfter ?? messages.at(-1)?.seq ?? 0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const { atBottom, firstVisibleSeq, lastVisibleSeq } = useScrollState(scroller, focus.kind === 'bottom');
  const stuck = useStickToBottom(scroller, focus.kind === 'bottom', !hasMoreAfter);
  const [unreadDismissed, setUnreadDismissed] = useState(false);
  const [deleting, setDeleting] = useState<Message>();
  const [highlightId, setHighlightId] = useState(focus.kind === 'message' ? focus.id : undefined);
  useEffect(() => {
    if (!highlightId) return;
    const timer = setTimeout(() => setHighlightId(undefined), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  const items = useMemo<Item[]>(() => {
    const entries = mergeMessages(
      messages,
      // A thread-only reply waits in its thread, not in the channel.
      queued.filter((i) => i.channelId === channel.id && (!i.threadRootId || i.alsoInChannel)),
    );
    const rows = stableRows(groupMessages(messages, { unreadAfter, selfId: me.id })).map((row) => ({
      kind: 'row' as const,
      row,
    }));
    const pending = entries.filter(isPending).map((item) => ({ kind: 'pending' as const, item }));
    return [...rows, ...pending];
  }, [messages, queued, channel.id, unreadAfter, me.id]);

  // Prepending older rows lowers firstItemIndex by as many, which keeps the scroll position still.
  const olderCount = items.findIndex((i) => i.kind === 'row' && i.row.message.seq >= anchorSeq);
  const firstItemIndex = BASE_INDEX - Math.max(0, olderCount);
  const last = items.at(-1);
  const tail = usePreviewRows(items, keyOf, PREVIEW_ROWS);
  const lastSelector =
    last?.kind === 'row'
      ? `[data-testid="${last.row.lines ? 'system-line' : 'message'}"][data-seq="${last.row.message.seq}"]`
      : `[data-testid="message"][data-client-id="${last?.item.clientId}"]`;
  const opensAtUnread = focus.kind === 'unread';
  const settled = useListSettled(scroller, (el) =>
    opensAtUnread
      ? endsAtBottom(el, lastSelector) || startsAt(el, '.new-line', UNREAD_CONTEXT_PX)
      : endsAtBottom(el, lastSelector),
  );

  const handleStartReached = useCallback(async () => {
    if (!hasMoreBefore || loadingOlder) return;
    setLoadingOlder(true);
    try {
      await loadOlder();
    } finally {
      setLoadingOlder(false);
    }
  }, [hasMoreBefore, loadingOlder, loadOlder]);

  const handleEndReached = useCallback(async () => {
    if (!hasMoreAfter || loadingNewer) return;
    setLoadingNewer(true);
    try {
      await loadNewer();
    } finally {
      setLoadingNewer(false);
    }
  }, [hasMoreAfter, loadingNewer, loadNewer]);

  const unreadIndex = items.findIndex((i) => i.kind === 'row' && i.row.firstUnread);
  const unreadRow = items[unreadIndex];
  const unreadNotLoaded =
    unreadIndex === -1 &&
    unreadAfter !== undefined &&
    hasMoreBefore &&
    (messages[0]?.seq ?? 0) > unreadAfter + 1;
  const showUnreadBar =
    !unreadDismissed &&
    unreadCount > 0 &&
    (unreadNotLoaded ||
      (unreadRow?.kind === 'row' &&
        firstVisibleSeq !== undefined &&
        unreadRow.row.message.seq < firstVisibleSeq));
  const othersAfter = (seq: number) =>
    messages.filter((m) => m.seq > seq && !isOwnMessage(m, me.id) && !m.system).length;
  // Below a window that stops short of the newest: the unread of the opening not loaded yet.
  const notLoaded = hasMoreAfter ? Math.max(0, unreadCount - othersAfter(newAfter)) : 0;
  const newBelow = othersAfter(Math.max(newAfter, lastVisibleSeq ?? Infinity)) + notLoaded;

  // Opening at the first unread, the preview starts at its line when it is among the newest rows.
  const fromUnread =
    items.length - tail.length <= unreadIndex ? tail.slice(unreadIndex - (items.length - tail.length)) : [];
  const preview =
    focus.kind === 'bottom' ? tail : opensAtUnread && fromUnread[0] ? withoutDayLine(fromUnread) : [];

  useLandOn(
    scroller,
    focus.kind === 'message'
      ? { selector: '.message-highlight > [data-testid="message"]', align: 'center', offset: 0 }
      : focus.kind === 'unread' && unreadIndex !== -1
        ? { selector: '.new-line', align: 'start', offset: UNREAD_CONTEXT_PX }
        : undefined,
  );
  const initialIndex =
    focus.kind === 'message'
      ? {
          index: Math.max(
            0,
            items.findIndex((i) => keyOf(i) === focus.id),
          ),
          align: 'center' as const,
        }
      : focus.kind === 'unread' && unreadIndex !== -1
        ? { index: unreadIndex, align: 'start' as const, offset: -UNREAD_CONTEXT_PX }
        : items.length - 1;

  // Stable callbacks keep the memoised rows from drawing again when the screen around them changes.
  const lookup = useCallback(
    (id: string) => {
      const user = id === me.id ? me : users.get(id);
      return { name: user?.displayName ?? 'Unknown user', user };
    },
    [me, users],
  );
  const altClick = useAltClickMarksUnread(messages);
  const { mutate: saveEdit } = edit;
  const startEditing = useCallback((m: Message) => onEditingChange(m.id), [onEditingChange]);
  const stopEditing = useCallback(() => onEditingChange(undefined), [onEditingChange]);
  const saveEditing = useCallback(
    (m: Message, body: string) => {
      onEditingChange(undefined);
      if (m.encrypted || body !== m.body) saveEdit({ message: m, body });
    },
    [onEditingChange, saveEdit],
  );
  const renderItem = (item: Item, preview: boolean) =>
    item.kind === 'row' && item.row.lines ? (
      <SystemRow
        row={item.row}
        channelName={channel.name}
        lookup={lookup}
        preview={preview}
        intro={
          !preview && !hasMoreBefore && item.row.lines[0]!.id === messages[0]?.id ? (
            <ListStart channel={channel} onInvite={onInvite} />
          ) : undefined
        }
      />
    ) : item.kind === 'row' ? (
      <MessageRow
        row={item.row}
        preview={preview}
        intro={
          !preview && !hasMoreBefore && item.row.message.id === messages[0]?.id ? (
            <ListStart channel={channel} onInvite={onInvite} />
          ) : undefined
        }
        author={item.row.message.authorId === me.id ? me : users.get(item.row.message.authorId)}
        own={item.row.message.authorId === me.id}
        editing={editingId === item.row.message.id}
        onStartEdit={startEditing}
        onSaveEdit={saveEditing}
        onCancelEdit={stopEditing}
        canDelete={canDeleteMessage(channel, me, item.row.message)}
        onDelete={setDeleting}
      />
    ) : (
      <PendingRow
        item={item.item}
        preview={preview}
        self={me}
        onRetry={() => retryMessage(qc, item.item.clientId)}
        onDiscard={() => removeItem(item.item.clientId)}
      />
    );

  if (items.length === 0) {
    return (
      <div className="empty-channel">
        {isDirect(channel) ? (
          <div className="list-start">
            <DirectStart channel={channel} />
          </div>
        ) : (
          <>
            <h3>Welcome to #{channel.name}!</h3>
            <p>{channel.topic || 'Say hello — messages show up here for every member, live.'}</p>
          </>
        )}
        {channel.encrypted && <p>{E2E_NOTE}</p>}
        {onAddPeople && (
          <button type="button" className="button empty-channel-add" onClick={onAddPeople}>
            <Icon name="users" size={16} /> Add people
          </button>
        )}
        {onInvite && <InviteButton onInvite={onInvite} />}
      </div>
    );
  }

  return (
    <div className="message-list-frame" onClick={altClick}>
      <Virtuoso
        className="message-list"
        scrollerRef={(el) => setScroller(el instanceof HTMLElement ? el : null)}
        data={items}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={initialIndex}
        followOutput={(bottom) => ((bottom || stuck.current) && !hasMoreAfter ? 'auto' : false)}
        alignToBottom
        startReached={handleStartReached}
        endReached={handleEndReached}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        computeItemKey={(_, item) => keyOf(item)}
        context={{ hasMoreBefore, hasMoreAfter, loadingOlder, loadingNewer }}
        components={LIST_EDGES}
        itemContent={(_, item) =>
          highlightId && keyOf(item) === highlightId ? (
            <div className="message-highlight">{renderItem(item, false)}</div>
          ) : (
            renderItem(item, false)
          )
        }
      />
      {showUnreadBar && (
        <JumpToUnread
          count={unreadCount}
          since={
            unreadRow?.kind === 'row'
              ? clockTime.format(new Date(unreadRow.row.message.createdAt))
              : undefined
          }
          onJump={onJumpToUnread}
          onDismiss={() => setUnreadDismissed(true)}
        />
      )}
      {(!atBottom || hasMoreAfter) && <JumpToLatest newBelow={newBelow} onJump={onJumpToLatest} />}
      <DeleteMessageDialog
        message={deleting}
        author={deleting && (deleting.authorId === me.id ? me : users.get(deleting.authorId))}
        own={deleting?.authorId === me.id}
        onDelete={(m) => remove.mutate(m.id)}
        onClose={() => setDeleting(undefined)}
      />
      {!settled && preview.length > 0 && (
        <TailPreview topPx={opensAtUnread ? UNREAD_CONTEXT_PX : undefined}>
          {preview.map((item) => (
            <Fragment key={keyOf(item)}>{renderItem(item, true)}</Fragment>
          ))}
        </TailPreview>
      )}
    </div>
  );
}

/** The preview's first row without its day line, so its "New messages" line is at the top, where the list puts it. */
function withoutDayLine(items: Item[]): Item[] {
  const [first, ...rest] = items;
  return first?.kind === 'row' ? [{ kind: 'row', row: { ...first.row, day: undefined } }, ...rest] : items;
}

type Edges = { hasMoreBefore: boolean; hasMoreAfter: boolean; loadingOlder: boolean; loadingNewer: boolean };

// Components of their own, not new ones each render: Virtuoso remounts and measures a changed component.
const LIST_EDGES = {
  Header: ({ context }: { context: Edges }) =>
    context.hasMoreBefore ? (
      <div className="list-header">{context.loadingOlder ? 'Loading older messages…' : ' '}</div>
    ) : null,
  Footer: ({ context }: { context: Edges }) =>
    context.hasMoreAfter ? (
      <div className="list-header">{context.loadingNewer ? 'Loading newer messages…' : ' '}</div>
    ) : null,
};

function InviteButton({ onInvite }: { onInvite: () => void }) {
  return (
    <button type="button" className="button empty-channel-add" onClick={onInvite}>
      <Icon name="userPlus" size={16} /> Invite people
    </button>
  );
}

function ListStart({ channel, onInvite }: { channel: Channel; onInvite?: () => void }) {
  const team = useInstanceSettings()?.messageRetentionDays;
  const retentionDays = channel.retention ? channel.retention.days : team;
  return (
    <div className="list-header list-start">
      {isDirect(channel) ? (
        <DirectStart channel={channel} />
      ) : (
        <strong>This is the very beginning of #{channel.name}</strong>
      )}
      {channel.topic && <span>{channel.topic}</span>}
      {channel.encrypted && <span>{E2E_NOTE}</span>}
      {retentionDays && (
        <span data-testid="retention-note">
          Messages are deleted {daysWords(retentionDays)} after their last activity.
        </span>
      )}
      {onInvite && (
        <div className="invite-offer" data-testid="invite-offer">
          <span>You are the only one here so far.</span>
          <InviteButton onInvite={onInvite} />
        </div>
      )}
    </div>
  );
}
