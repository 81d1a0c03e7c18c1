import { useQuery } from '@tanstack/react-query';
import type { Presence, PresenceResponse, User, UsersResponse } from '@parley/protocol';
import { api } from '../../lib/api';
import { keys } from '../../realtime/keys';

export function useUsers() {
  return useQuery({
    queryKey: keys.users,
    queryFn: async (): Promise<User[]> => (await api<UsersResponse>('GET', '/users?limit=200')).users,
    staleTime: 60_000,
  });
}

export function useUserMap(): Map<string, User> {
  const { data } = useUsers();
  return new Map((data ?? []).map((u) => [u.id, u]));
}

export function usePresence() {
  return useQuery({
    queryKey: keys.presence,
    queryFn: async (): Promise<Record<string, Presence>> =>
      (await api<PresenceResponse>('GET', '/presence')).presence,
  });
}
