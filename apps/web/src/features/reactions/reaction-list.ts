import type { Reaction } from '@parley/protocol';

export const hasReacted = (reactions: Reaction[], emoji: string, userId: string) =>
  reactions.some((r) => r.emoji === emoji && r.userIds.includes(userId));

/** The list as it will be once the server takes the change: used to show a click at once. */
export function withReaction(reactions: Reaction[], emoji: string, userId: string, add: boolean): Reaction[] {
  const existing = reactions.find((r) => r.emoji === emoji);
  if (add) {
    if (existing?.userIds.includes(userId)) return reactions;
    if (!existing) return [...reactions, { emoji, count: 1, userIds: [userId] }];
    return reactions.map((r) =>
      r === existing ? { ...r, count: r.count + 1, userIds: [...r.userIds, userId] } : r,
    );
  }
  if (!existing?.userIds.includes(userId)) return reactions;
  if (existing.count <= 1) return reactions.filter((r) => r !== existing);
  return reactions.map((r) =>
    r === existing ? { ...r, count: r.count - 1, userIds: r.userIds.filter((id) => id !== userId) } : r,
  );
}

/** "You, Ann and 3 others reacted with 👍", in the order people reacted. */
export function whoReacted(reaction: Reaction, nameOf: (userId: string) => string, selfId: string): string {
  const names = reaction.userIds.map((id) => (id === selfId ? 'You' : nameOf(id)));
  // The server may count people whose ids it no longer lists; the count is the truth.
  const total = Math.max(reaction.count, names.length);
  const shown = total <= 3 ? names : names.slice(0, 2);
  const others = total - shown.length;
  const list =
    others > 0
      ? `${shown.join(', ')} and ${others === 1 ? '1 other' : `${others} others`}`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
        : (shown[0] ?? 'Nobody');
  return `${list} reacted with ${reaction.emoji}`;
}
