import { Fragment, useCallback, useMemo, useState } from 'react';
import { Virtuoso } from 'react-virtuoso';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, Message, User } from '@parley/protocol';
import { outbox, removeItem, type OutboxItem } from '../../realtime/outbox';
import { retryMessage } from '../../realtime/send';
import { useStore } from '../../realtime/store';
import { isPending, mergeMessages } from '../../realtime/merge';
import { groupMessages, type Row } from './group-messages';
import { MessageRow, PendingRow } from './message-row';
import { TailPreview, useListSettled } from './tail-preview';
import { useDeleteMessage, useEditMessage, useLoadOlder } from './use-messages';

const BASE_INDEX = 1_000_000;
/** Rows drawn in the first-frame preview: more than a tall window shows. */
const PREVIEW_ROWS = 30;
const E2E_NOTE = 'Messages here are end-to-end encrypted: only members’ browsers can read them.';

type Item = { kind: 'row'; row: Row } | { kind: 'pending'; item: OutboxItem };

type Props = {
  channel: Channel;
  messages: Message[];
  hasMoreBefore: boolean;
  me: User;
  users: Map<string, User>;
  unreadAfter: number | undefined;
  editingId: string | undefined;
  onEditingChange: (id: string | undefined) => void;
};

/** A virtualized list: only the rows on screen are mounted; older pages load when the top is reached. */
export function MessageList({
  channel,
  messages,
  hasMoreBefore,
  me,
  users,
  unreadAfter,
  editingId,
  onEditingChange,
}: Props) {
  const qc = useQueryClient();
  const loadOlder = useLoadOlder(channel.id);
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const queued = useStore(outbox);
  const [anchorSeq] = useState(messages[0]?.seq ?? 0);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);

  const items = useMemo<Item[]>(() => {
    const entries = mergeMessages(
      messages,
      // A thread-only reply waits in its thread, not in the channel.
      queued.filter((i) => i.channelId === channel.id && (!i.threadRootId || i.alsoInChannel)),
    );
    const rows = groupMessages(messages, { unreadAfter, selfId: me.id }).map((row) => ({
      kind: 'row' as const,
      row,
    }));
    const pending = entries.filter(isPending).map((item) => ({ kind: 'pending' as const, item }));
    return [...rows, ...pending];
  }, [messages, queued, channel.id, unreadAfter, me.id]);

  // Prepending older rows lowers firstItemIndex by as many, which keeps the scroll position still.
  const olderCount = messages.findIndex((m) => m.seq >= anchorSeq);
  const firstItemIndex = BASE_INDEX - Math.max(0, olderCount);
  const last = items.at(-1);
  const settled = useListSettled(
    scroller,
    last?.kind === 'row'
      ? `[data-testid="message"][data-seq="${last.row.message.seq}"]`
      : `[data-testid="message"][data-client-id="${last?.item.clientId}"]`,
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

  const handleDelete = useCallback(
    (m: Message) => {
      if (window.confirm('Delete this message? This cannot be undone.')) remove.mutate(m.id);
    },
    [remove],
  );

  const renderItem = (item: Item, preview: boolean) =>
    item.kind === 'row' ? (
      <MessageRow
        row={item.row}
        preview={preview}
        intro={
          !preview && !hasMoreBefore && item.row.message.id === messages[0]?.id ? (
            <ListStart channel={channel} />
          ) : undefined
        }
        author={item.row.message.authorId === me.id ? me : users.get(item.row.message.authorId)}
        own={item.row.message.authorId === me.id}
        editing={editingId === item.row.message.id}
        onStartEdit={(m) => onEditingChange(m.id)}
        onSaveEdit={(m, body) => {
          onEditingChange(undefined);
          if (m.encrypted || body !== m.body) edit.mutate({ message: m, body });
        }}
        onCancelEdit={() => onEditingChange(undefined)}
        onDelete={handleDelete}
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
  const keyOf = (item: Item) => (item.kind === 'row' ? item.row.message.id : item.item.clientId);

  if (items.length === 0) {
    return (
      <div className="empty-channel">
        <h3>
          {channel.kind === 'dm' ? 'This is the start of your conversation.' : `Welcome to #${channel.name}!`}
        </h3>
        <p>{channel.topic || 'Say hello — messages show up here for every member, live.'}</p>
        {channel.encrypted && <p>{E2E_NOTE}</p>}
      </div>
    );
  }

  return (
    <div className="message-list-frame">
      <Virtuoso
        className="message-list"
        scrollerRef={(el) => setScroller(el instanceof HTMLElement ? el : null)}
        data={items}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={items.length - 1}
        followOutput={(atBottom) => (atBottom ? 'auto' : false)}
        alignToBottom
        startReached={handleStartReached}
        increaseViewportBy={{ top: 400, bottom: 200 }}
        computeItemKey={(_, item) => keyOf(item)}
        components={{
          Header: () =>
            hasMoreBefore ? (
              <div className="list-header">{loadingOlder ? 'Loading older messages…' : ' '}</div>
            ) : null,
        }}
        itemContent={(_, item) => renderItem(item, false)}
      />
      {!settled && (
        <TailPreview>
          {items.slice(-PREVIEW_ROWS).map((item) => (
            <Fragment key={keyOf(item)}>{renderItem(item, true)}</Fragment>
          ))}
        </TailPreview>
      )}
    </div>
  );
}

function ListStart({ channel }: { channel: Channel }) {
  return (
    <div className="list-header list-start">
      <strong>
        {channel.kind === 'dm'
          ? 'The beginning of this conversation'
          : `This is the very beginning of #${channel.name}`}
      </strong>
      {channel.topic && <span>{channel.topic}</span>}
      {channel.encrypted && <span>{E2E_NOTE}</span>}
    </div>
  );
}
