import type { Channel, User } from '@parley/protocol';

/** A DM's name: the other people in it, or oneself for notes to self. */
export function dmName(channel: Channel, me: User): string {
  const others = channel.dmUsers ?? [];
  return others.length ? others.map((u) => u.displayName).join(', ') : `${me.displayName} (you)`;
}

/** When the user's do-not-disturb ends, if it is on now. */
export function pausedUntil(user: User | undefined, now = Date.now()): Date | undefined {
  const until = user?.dndUntil ? new Date(user.dndUntil) : undefined;
  return until && until.getTime() > now ? until : undefined;
}
