import type { Channel, Message, User } from '@parley/protocol';

/** Who a message shows as sent by: a webhook's name, else its author's. */
export const senderName = (message: Message, author: User | undefined, unknown = 'Someone') =>
  message.via?.name ?? author?.displayName ?? unknown;

/** A DM or group DM: a conversation of people rather than a named channel. */
export const isDirect = (channel: Channel) => channel.kind === 'dm' || channel.kind === 'group';

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

/** A conversation's own page: /c/name for channels, /g/id for a group DM, /dm/username (?e2e=1) for a DM. */
export function conversationPath(channel: Channel, me: User): string {
  if (channel.kind === 'group') return `/g/${channel.id}`;
  if (channel.kind !== 'dm') return `/c/${encodeURIComponent(channel.name)}`;
  const other = channel.dmUsers?.[0] ?? me;
  return `/dm/${encodeURIComponent(other.username)}${channel.encrypted ? '?e2e=1' : ''}`;
}

/** Where something is, as a sentence says it: "#general", "Ann, Bob", or "a conversation" once it is gone. */
export function placeName(channel: Channel | undefined, me: User): string {
  if (!channel) return 'a conversation';
  return isDirect(channel) ? dmName(channel, me) : `#${channel.name}`;
}
