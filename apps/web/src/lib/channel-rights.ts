import type { Channel, User } from '@parley/protocol';
import { isDirect } from './names';

/** A channel's admins and the instance's owners and admins manage it (members, name, archive). */
export const managesChannel = (channel: Channel, me: User): boolean =>
  channel.membership?.role === 'admin' || me.role === 'owner' || me.role === 'admin';

/** Members add people to a public channel; a private one's admins (and the instance's) to theirs. */
export function canAddMembers(channel: Channel, me: User): boolean {
  return (
    !!channel.membership &&
    !channel.archivedAt &&
    !isDirect(channel) &&
    (channel.kind === 'public' || managesChannel(channel, me))
  );
}
