import { startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, Message, User } from '@parley/protocol';
import { outbox, removeItem } from '../../realtime/outbox';
import { isPending, mergeMessages, type ThreadPage } from '../../realtime/merge';
import { retryMessage } from '../../realtime/send';
import { useStore } from '../../lib/store';
import { canDeleteMessage } from '../../components/message/can-delete';
import { DeleteMessageDialog } from '../../components/message/delete-message-dialog';
import { groupMessages, stableRows, type Row } from '../../components/message/group-messages';
import { MessageRow, PendingRow } from '../../components/message/message-row';
import { repliesLabel } from './thread-summary';
import { useThreadEdits } from './use-thread-edits';

type Props = {
  page: ThreadPage;
  channel: Channel;
  me: User;
  users: Map<string, User>;
  /** A reply a permalink points at: shown highlighted and scrolled to. */
  highlightId: string | undefined;
  editingId: string | undefined;
  onEditingChange: (id: string | undefined) => void;
};

const NEAR_BOTTOM_PX = 80;
/** Replies drawn in the first frame: more than a tall panel shows; the older ones follow a frame later. */
const FIRST_PAINT = 15;

/** The root, "N replies", then the replies oldest first with the sends still on their way. */
export function ThreadConversation({
  page,
  channel,
  me,
  users,
  highlightId,
  editingId,
  onEditingChange,
}: Props) {
  const qc = useQueryClient();
  const { root, messages } = page;
  const queued = useStore(outbox);
  const { edit, remove } = useThreadEdits(root.id);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const shown = useRef<string | undefined>(undefined);
  const [deleting, setDeleting] = useState<Message>();

  const rootRow: Row = { message: root, head: true, day: undefined, firstUnread: false };
  // Grouped after the root, so a day line shows only where the day changes; the first reply keeps its name.
  const rows = useMemo(
    () =>
      stableRows(
        groupMessages([root, ...messages], { selfId: me.id })
          .slice(1)
          .map((r, i) => (i ? r : { ...r, head: true })),
      ),
    [root, messages, me.id],
  );
  const pending = useMemo(
    () =>
      mergeMessages(
        messages,
        queued.filter((i) => i.threadRootId === root.id),
      ).filter(isPending),
    [messages, queued, root.id],
  );
  // Until the older replies arrive, the root's own count is the whole thread's.
  const count = page.hasMore ? root.replyCount : messages.filter((m) => !m.deletedAt).length;
  const [drawAll, setDrawAll] = useState(rows.length <= FIRST_PAINT);
  const drawn = drawAll ? rows : rows.slice(-FIRST_PAINT);
  useEffect(() => {
    if (drawAll) return;
    const id = requestAnimationFrame(() => startTransition(() => setDrawAll(true)));
    return () => cancelAnimationFrame(id);
  }, [drawAll]);

  // Opens at the newest reply (or the permalinked one) and follows new ones while the reader is at the end.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const target = highlightId !== shown.current && el.querySelector(`[data-thread-id="${highlightId}"]`);
    if (target) {
      shown.current = highlightId;
      target.scrollIntoView({ block: 'center' });
    } else if (stick.current) el.scrollTop = el.scrollHeight;
  }, [highlightId, drawn.length, pending.length]);

  const renderRow = (row: Row) => {
    const m = row.message;
    return (
      <div key={m.id} data-thread-id={m.id} className={m.id === highlightId ? 'thread-highlight' : undefined}>
        <MessageRow
          row={row}
          inThread
          author={m.authorId === me.id ? me : users.get(m.authorId)}
          own={m.authorId === me.id}
          editing={editingId === m.id}
          onStartEdit={(msg) => onEditingChange(msg.id)}
          onSaveEdit={(msg, body) => {
            onEditingChange(undefined);
            if (msg.encrypted || body !== msg.body) edit(msg, body);
          }}
          onCancelEdit={() => onEditingChange(undefined)}
          canDelete={canDeleteMessage(channel, me, m)}
          onDelete={setDeleting}
        />
      </div>
    );
  };

  return (
    <div
      className="thread-scroll"
      ref={scroller}
      tabIndex={0}
      role="region"
      aria-label="Thread messages"
      onScroll={(e) => {
        const el = e.currentTarget;
        stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
      }}
    >
      {renderRow(rootRow)}
      <div className="thread-count" role="separator" aria-label={repliesLabel(count)}>
        <span>{count > 0 ? repliesLabel(count) : 'No replies yet'}</span>
      </div>
      {page.hasMore && <div className="list-header">Loading earlier replies…</div>}
      {drawn.map(renderRow)}
      {pending.map((item) => (
        <PendingRow
          key={item.clientId}
          item={item}
          self={me}
          onRetry={() => retryMessage(qc, item.clientId)}
          onDiscard={() => removeItem(item.clientId)}
        />
      ))}
      <DeleteMessageDialog
        message={deleting}
        author={deleting && (deleting.authorId === me.id ? me : users.get(deleting.authorId))}
        own={deleting?.authorId === me.id}
        onDelete={remove}
        onClose={() => setDeleting(undefined)}
      />
    </div>
  );
}
