import type { MembersResponse, User, UserGroup, UsersResponse } from '@parley/protocol';
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
    const [members, groups] = await Promise.all([
      api<MembersResponse>('GET', `/channels/${channelId}/members?limit=${SHOWN}${q}`),
      queryClient.ensureQueryData(groupsQuery).catch(() => [] as UserGroup[]),
    ]);
    const inChannel = members.members.map((m) => m.user);
    // The whole directory is asked only when the channel's own people do not fill the list.
    const others =
      query && inChannel.length < SHOWN
        ? (await api<UsersResponse>('GET', `/users?limit=${SHOWN}${q}`)).users
        : [];
    const ids = new Set(inChannel.map((u) => u.id));
    const users = [...inChannel, ...others.filter((u) => !ids.has(u.id))].slice(0, SHOWN);
    return { users, groups: matchGroups(groups, query) };
  };
}
