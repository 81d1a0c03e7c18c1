import type { Channel, Message, User } from '@parley/protocol';
import { managesChannel } from '../../lib/channel-rights';

/** As the API allows: the author, or in a channel (not a DM) its admins and the instance's owners and admins. */
export function canDeleteMessage(channel: Channel, me: User, message: Message): boolean {
  if (message.authorId === me.id) return true;
  if (channel.kind === 'dm' || channel.kind === 'group' || !channel.membership) return false;
  return managesChannel(channel, me);
}
