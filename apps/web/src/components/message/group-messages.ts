import type { Message } from '@parley/protocol';
import { dateFormat } from '../../lib/date-format';
import { isOwnMessage } from '../../lib/own-message';

export type Row = {
  message: Message;
  /** Show the author and time (first of a run by one author within 5 minutes). */
  head: boolean;
  /** A day separator above this row, e.g. "Today" or "Monday, 3 March". */
  day: string | undefined;
  /** The "New messages" line above this row. */
  firstUnread: boolean;
  /** A system row: the lines it shows, oldest first (several joins in a row are one); `message` is the newest. */
  lines?: Message[];
};

const RUN_MS = 5 * 60_000;

// One formatter each: building an Intl formatter per row cost a millisecond a row on a channel switch.
const weekdayDay = dateFormat({ weekday: 'long', day: 'numeric', month: 'long' });
const weekdayDayYear = dateFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

export function dayLabel(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(d)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return (d.getFullYear() !== now.getFullYear() ? weekdayDayYear : weekdayDay).format(d);
}

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Lines of these kinds in a row, back to back on one day, show as one: "Alice, Bob and 3 others joined". */
const COLLAPSING = new Set(['joined', 'left']);

/**
 * Turns messages into rows with day separators, author runs and the first-unread line. System lines
 * ("Alice joined") never start the unread line and break author runs; consecutive joins (or leaves)
 * share one row, keyed by its newest line so older pages joining the run keep the row's identity.
 */
export function groupMessages(
  messages: Message[],
  opts: { unreadAfter?: number; selfId?: string; now?: Date } = {},
): Row[] {
  let unreadMarked = false;
  const rows: Row[] = [];
  messages.forEach((message, i) => {
    const prev = messages[i - 1];
    const newDay = !prev || startOfDay(new Date(prev.createdAt)) !== startOfDay(new Date(message.createdAt));
    const last = rows.at(-1);
    if (
      message.system &&
      COLLAPSING.has(message.system.type) &&
      !newDay &&
      last?.lines &&
      last.message.system?.type === message.system.type
    ) {
      rows[rows.length - 1] = { ...last, message, lines: [...last.lines, message] };
      return;
    }
    const sameRun =
      !!prev &&
      !newDay &&
      !prev.system &&
      !message.system &&
      prev.authorId === message.authorId &&
      prev.via?.webhookId === message.via?.webhookId &&
      prev.via?.name === message.via?.name &&
      !prev.deletedAt &&
      new Date(message.createdAt).getTime() - new Date(prev.createdAt).getTime() < RUN_MS;
    const firstUnread =
      !unreadMarked &&
      !message.system &&
      opts.unreadAfter !== undefined &&
      message.seq > opts.unreadAfter &&
      !isOwnMessage(message, opts.selfId);
    if (firstUnread) unreadMarked = true;
    rows.push({
      message,
      head: !sameRun || firstUnread,
      day: newDay ? dayLabel(message.createdAt, opts.now) : undefined,
      firstUnread,
      ...(message.system ? { lines: [message] } : {}),
    });
  });
  return rows;
}

// The row last handed out for a message: rows that did not change keep their identity, so memoised rows skip drawing.
const handedOut = new WeakMap<Message, Row>();

const sameRow = (a: Row, b: Row) =>
  a.head === b.head &&
  a.day === b.day &&
  a.firstUnread === b.firstUnread &&
  a.lines?.length === b.lines?.length &&
  (a.lines ?? []).every((line, i) => line === b.lines![i]);

/** `rows` with each row that equals the one last given for its message replaced by that same object. */
export function stableRows(rows: Row[]): Row[] {
  return rows.map((row) => {
    const before = handedOut.get(row.message);
    if (before && sameRow(before, row)) return before;
    handedOut.set(row.message, row);
    return row;
  });
}
