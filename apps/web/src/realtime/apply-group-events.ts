import type { FeedChange, UserGroup } from '@parley/protocol';

type GroupChange = Extract<FeedChange, { type: 'group:updated' | 'group:deleted' }>;

/** A group made, changed or deleted, folded into the loaded list (kept in handle order); replays change nothing. */
export function applyGroupEvent(list: UserGroup[] | undefined, change: GroupChange): UserGroup[] | undefined {
  if (!list) return list;
  if (change.type === 'group:deleted') return list.filter((g) => g.id !== change.payload.groupId);
  const { group } = change.payload;
  return [...list.filter((g) => g.id !== group.id), group].sort((a, b) => a.handle.localeCompare(b.handle));
}

/** The handles of the groups the user is in: mentioning one mentions them. */
export function ownGroupHandles(list: UserGroup[] | undefined, selfId: string): string[] {
  return (list ?? []).filter((g) => g.memberIds.includes(selfId)).map((g) => g.handle);
}
