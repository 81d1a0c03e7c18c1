import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Presence, PresenceResponse, User, UsersResponse } from '@parley/protocol';
import { api } from '../lib/api';
import { keys } from './keys';

export function useUsers() {
  return useQuery({
    queryKey: keys.users,
    queryFn: async (): Promise<User[]> => (await api<UsersResponse>('GET', '/users?limit=200')).users,
    staleTime: 60_000,
  });
}

const maps = new WeakMap<User[], Map<string, User>>();
const NO_USERS: User[] = [];

/** The directory by id: one map per loaded list, shared by every row that asks (read-only: copy to add to it). */
export function useUserMap(): Map<string, User> {
  const { data = NO_USERS } = useUsers();
  let map = maps.get(data);
  if (!map) maps.set(data, (map = new Map(data.map((u) => [u.id, u]))));
  return map;
}

export function usePresence() {
  return useQuery({
    queryKey: keys.presence,
    queryFn: async (): Promise<Record<string, Presence>> =>
      (await api<PresenceResponse>('GET', '/presence')).presence,
  });
}

const requested = new Set<string>();

/** Fetches authors the directory page did not include (teams larger than one page, people who just joined). */
export function useEnsureUsers(ids: string[], known: Map<string, User>, ready: boolean): void {
  const qc = useQueryClient();
  const missing = [...new Set(ids)].filter((id) => !known.has(id) && !requested.has(id)).slice(0, 200);
  const key = missing.join(',');
  useEffect(() => {
    if (!ready || !key) return;
    key.split(',').forEach((id) => requested.add(id));
    void api<UsersResponse>('GET', `/users?ids=${key}`).then(({ users }) =>
      qc.setQueryData<User[]>(keys.users, (old) => [
        ...(old ?? []).filter((u) => !users.some((n) => n.id === u.id)),
        ...users,
      ]),
    );
  }, [qc, key, ready]);
}
