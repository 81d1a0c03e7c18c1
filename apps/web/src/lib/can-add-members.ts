import type { Channel, User } from '@parley/protocol';
import { isDirect } from './names';

/** Members add people to a public channel; a private one's admins (and the instance's) to theirs. */
export function canAddMembers(channel: Channel, me: User): boolean {
  const admin = channel.membership?.role === 'admin' || me.role === 'owner' || me.role === 'admin';
  return (
    !!channel.membership && !channel.archivedAt && !isDirect(channel) && (channel.kind === 'public' || admin)
  );
}
