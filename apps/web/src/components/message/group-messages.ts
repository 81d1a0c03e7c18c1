import type { Message } from '@parley/protocol';

export type Row = {
  message: Message;
  /** Show the author and time (first of a run by one author within 5 minutes). */
  head: boolean;
  /** A day separator above this row, e.g. "Today" or "Monday, 3 March". */
  day: string | undefined;
  /** The "New messages" line above this row. */
  firstUnread: boolean;
};

const RUN_MS = 5 * 60_000;

// One formatter each: building an Intl formatter per row cost a millisecond a row on a channel switch.
const weekdayDay = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
const weekdayDayYear = new Intl.DateTimeFormat(undefined, {
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

/** Turns messages into rows with day separators, author runs and the first-unread line. */
export function groupMessages(
  messages: Message[],
  opts: { unreadAfter?: number; selfId?: string; now?: Date } = {},
): Row[] {
  let unreadMarked = false;
  return messages.map((message, i) => {
    const prev = messages[i - 1];
    const newDay = !prev || startOfDay(new Date(prev.createdAt)) !== startOfDay(new Date(message.createdAt));
    const sameRun =
      !!prev &&
      !newDay &&
      prev.authorId === message.authorId &&
      !prev.deletedAt &&
      new Date(message.createdAt).getTime() - new Date(prev.createdAt).getTime() < RUN_MS;
    const firstUnread =
      !unreadMarked &&
      opts.unreadAfter !== undefined &&
      message.seq > opts.unreadAfter &&
      message.authorId !== opts.selfId;
    if (firstUnread) unreadMarked = true;
    return {
      message,
      head: !sameRun || firstUnread,
      day: newDay ? dayLabel(message.createdAt, opts.now) : undefined,
      firstUnread,
    };
  });
}
