import type { MembersResponse, User, UsersResponse } from '@parley/protocol';
import { api } from '../lib/api';

const SHOWN = 8;

/** People to mention in a channel for what follows `@`: its members first, then anyone else who matches. */
export function mentionSource(channelId: string) {
  return async (query: string): Promise<User[]> => {
    const q = query ? `&q=${encodeURIComponent(query)}` : '';
    const [members, others] = await Promise.all([
      api<MembersResponse>('GET', `/channels/${channelId}/members?limit=${SHOWN}${q}`),
      query ? api<UsersResponse>('GET', `/users?limit=${SHOWN}${q}`) : undefined,
    ]);
    const inChannel = members.members.map((m) => m.user);
    const ids = new Set(inChannel.map((u) => u.id));
    return [...inChannel, ...(others?.users ?? []).filter((u) => !ids.has(u.id))].slice(0, SHOWN);
  };
}
