import type { Channel, MentionableResponse, User, UserGroup } from '@parley/protocol';
import { api } from '../lib/api';
import { isDirect } from '../lib/names';
import { queryClient } from '../lib/query-client';
import { groupsQuery } from './use-groups';
import { keys } from './keys';

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

/** How long an answer is reused: a backspace and the same letter again show at once, yet a newcomer appears soon. */
const KEPT_MS = 30_000;

// In the query cache, under the signed-in user: signing out drops it, and nobody sees another's answers.
function mentionable(channelId: string, query: string): Promise<MentionableResponse> {
  const me = queryClient.getQueryData<User | null>(keys.session)?.id ?? '';
  const q = query ? `&q=${encodeURIComponent(query)}` : '';
  return queryClient.fetchQuery({
    queryKey: ['mentionable', me, channelId, query],
    // One request per key: the server fills the list from the directory when members do not.
    queryFn: () => api<MentionableResponse>('GET', `/channels/${channelId}/mentionable?limit=${SHOWN}${q}`),
    staleTime: KEPT_MS,
    gcTime: KEPT_MS,
  });
}

/** People to mention in a channel for what follows `@`: its members first, then anyone else who matches; then groups. */
export function mentionSource(channelId: string) {
  return async (query: string): Promise<MentionableResponse & { groups: UserGroup[] }> => {
    const [people, groups] = await Promise.all([
      mentionable(channelId, query),
      queryClient.ensureQueryData(groupsQuery).catch(() => [] as UserGroup[]),
    ]);
    return { ...people, groups: matchGroups(groups, query) };
  };
}

const CHANNELS_SHOWN = 8;

/** The reader's channels for what follows `#`: names that start with it, then names with a word that does. */
export function channelNames(query: string): string[] {
  const q = query.toLowerCase();
  const names = (queryClient.getQueryData<Channel[]>(keys.channels) ?? [])
    .filter((c) => !isDirect(c) && !c.archivedAt)
    .map((c) => c.name)
    .sort();
  const first = names.filter((n) => n.startsWith(q));
  const words = names.filter((n) => !first.includes(n) && n.split(/[-_]/).some((w) => w.startsWith(q)));
  return [...first, ...words].slice(0, CHANNELS_SHOWN);
}
