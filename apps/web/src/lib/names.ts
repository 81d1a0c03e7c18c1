import type { Channel, User } from '@parley/protocol';

/** A DM's name: the other people in it, or oneself for notes to self. */
export function dmName(channel: Channel, me: User): string {
  const others = channel.dmUsers ?? [];
  return others.length ? others.map((u) => u.displayName).join(', ') : `${me.displayName} (you)`;
}
