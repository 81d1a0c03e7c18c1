import type { User, UserGroup, UsersResponse } from '@parley/protocol';
import { api } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { groupsQuery } from './use-groups';

const SHOWN = 8;
const GROUPS_SHOWN = 4;

/** Groups whose handle or name starts with the query, handle matches first. */
export function matchGroups(groups: UserGroup[], query: string): UserGroup[] {
  const q = query.toLowerCase();
  const byHandle = groups.filter((g) => g.handle.startsWith(q));
  const byName = groups.filter(
    (g) =>
      !byHandle.includes(g) &&
      g.name
        .toLowerCase()
        .split(/\s+/)
        .some((w) => w.startsWith(q)),
  );
  return [...byHandle, ...byName].slice(0, GROUPS_SHOWN);
}

/** People to mention in a channel for what follows `@`: its members first, then anyone else who matches; then groups. */
export function mentionSource(channelId: string) {
  return async (query: string): Promise<{ users: User[]; groups: UserGroup[] }> => {
    const q = query ? `&q=${encodeURIComponent(query)}` : '';
    // One request per key: the server fills the list from the directory when members do not.
    const [found, groups] = await Promise.all([
      api<UsersResponse>('GET', `/channels/${channelId}/mentionable?limit=${SHOWN}${q}`),
      queryClient.ensureQueryData(groupsQuery).catch(() => [] as UserGroup[]),
    ]);
    return { users: found.users, groups: matchGroups(groups, query) };
  };
}
