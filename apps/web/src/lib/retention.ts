/** The one rule retention deletes by: a channel message or thread root whose own time and last reply are both before `before`. */
export function prunedBy(
  m: { threadRootId: string | null; createdAt: string; lastReplyAt?: string | null },
  before: string,
): boolean {
  const cutoff = Date.parse(before);
  return (
    !m.threadRootId && Date.parse(m.createdAt) < cutoff && Date.parse(m.lastReplyAt ?? m.createdAt) < cutoff
  );
}

export const daysWords = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'day' : 'days'}`;
