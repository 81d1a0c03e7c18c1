import type { Channel, Message } from '@parley/protocol';
import { mentionsUser } from '@parley/protocol/client';
import { isOwnMessage } from '../lib/own-message';

export type NotifyContext = {
  selfId: string;
  selfName: string;
  /** Handles of the user groups the user is in: `@design` mentions them too. */
  selfGroups?: string[];
  /** The channel shown in a visible, focused window: its messages are seen already. */
  watchingChannelId: string | undefined;
  /** Thread roots the user follows. */
  following: (rootId: string) => boolean;
};

/**
 * Whether a new message deserves a desktop notification, by the channel's level: DMs, mentions and
 * followed threads for "mentions", everything for "all", nothing for "none"; muted channels only mentions.
 * `text` is the readable body (decrypted in encrypted channels).
 */
export function shouldNotify(message: Message, text: string, channel: Channel, ctx: NotifyContext): boolean {
  const m = channel.membership;
  if (!m || isOwnMessage(message, ctx.selfId) || message.deletedAt || message.system || m.notify === 'none')
    return false;
  if (channel.id === ctx.watchingChannelId && !message.threadRootId) return false;
  const mentioned = mentionsUser(text, ctx.selfName, ctx.selfGroups);
  if (m.muted) return mentioned;
  const dm = channel.kind === 'dm' || channel.kind === 'group';
  const reply = !!message.threadRootId && !message.alsoInChannel;
  if (reply) return mentioned || ctx.following(message.threadRootId!);
  return mentioned || dm || m.notify === 'all';
}

/** The notification's title: who, and where unless it is a DM. */
export function notificationTitle(authorName: string, channel: Channel): string {
  const dm = channel.kind === 'dm' || channel.kind === 'group';
  return dm ? authorName : `${authorName} in #${channel.name}`;
}
