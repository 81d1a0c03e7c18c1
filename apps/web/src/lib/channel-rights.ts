import type { Channel, User } from '@parley/protocol';
import { isDirect } from './names';

export const isInstanceAdmin = (me: User): boolean => me.role === 'owner' || me.role === 'admin';

/** A channel's admins and the instance's owners and admins manage it (members, name, archive). */
export const managesChannel = (channel: Channel, me: User): boolean =>
  channel.membership?.role === 'admin' || isInstanceAdmin(me);

/** Members add people to a public channel; a private one's admins (and the instance's) to theirs. */
export function canAddMembers(channel: Channel, me: User): boolean {
  return (
    !!channel.membership &&
    !channel.archivedAt &&
    !isDirect(channel) &&
    (channel.kind === 'public' || managesChannel(channel, me))
  );
}
