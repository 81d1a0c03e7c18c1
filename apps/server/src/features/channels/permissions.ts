import type { GroupManagers, Role } from '@parley/protocol';
import { AppError } from '../../errors.js';
import type { ChannelRow, MembershipRow } from './channels.repo.js';

export type Actor = { id: string; role: Role };

export const isInstanceAdmin = (actor: Actor) => actor.role === 'owner' || actor.role === 'admin';

/** User groups: owners and admins always; members when the instance lets every member; guests never. */
export function canManageGroups(actor: Actor, managers: GroupManagers): boolean {
  if (isInstanceAdmin(actor)) return true;
  return actor.role === 'member' && managers === 'members';
}

/** Members see their channels; non-guests may also look into public ones. */
export function canSee(actor: Actor, channel: ChannelRow, membership: MembershipRow | undefined): boolean {
  if (membership) return true;
  return channel.kind === 'public' && actor.role !== 'guest';
}

export function canManage(actor: Actor, channel: ChannelRow, membership: MembershipRow | undefined): boolean {
  if (channel.kind === 'dm' || channel.kind === 'group') return false;
  return membership?.role === 'admin' || isInstanceAdmin(actor);
}

export function requireMember(membership: MembershipRow | undefined): MembershipRow {
  if (!membership) throw new AppError('not_a_member');
  return membership;
}

export function requireActive(channel: ChannelRow): void {
  if (channel.archivedAt) throw new AppError('channel_archived');
}
