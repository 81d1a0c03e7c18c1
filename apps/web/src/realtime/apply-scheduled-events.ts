import type { ScheduledChanged, ScheduledMessage } from '@parley/protocol';

/** The user's scheduled messages, soonest first: a changed one takes its place, a sent or deleted one goes. */
export function applyScheduledChanged(
  list: ScheduledMessage[] | undefined,
  { scheduledId, scheduled }: Pick<ScheduledChanged, 'scheduledId' | 'scheduled'>,
): ScheduledMessage[] | undefined {
  // Not loaded yet: the first load brings it.
  if (!list) return list;
  const others = list.filter((s) => s.id !== scheduledId);
  if (!scheduled) return others.length === list.length ? list : others;
  return [...others, scheduled].sort(bySendAt);
}

/** A scheduled message that was waiting and now could not be sent: worth telling its author. */
export function newlyFailed(
  list: ScheduledMessage[] | undefined,
  { scheduledId, scheduled }: Pick<ScheduledChanged, 'scheduledId' | 'scheduled'>,
): boolean {
  if (!scheduled?.failedCode) return false;
  return !list?.some((s) => s.id === scheduledId && s.failedCode === scheduled.failedCode);
}

const bySendAt = (a: ScheduledMessage, b: ScheduledMessage) =>
  a.sendAt.localeCompare(b.sendAt) || a.id.localeCompare(b.id);
