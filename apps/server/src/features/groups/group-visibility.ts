import type { Role, UserGroup } from '@parley/protocol';

/**
 * Guests see every group's handle, name and member count (so `@design` means something to them), but
 * among its members only themselves: the directory stays closed to them.
 */
export function groupAsSeenBy(group: UserGroup, viewer: { id: string; role: Role }): UserGroup {
  if (viewer.role !== 'guest') return group;
  return { ...group, memberIds: group.memberIds.filter((id) => id === viewer.id) };
}
