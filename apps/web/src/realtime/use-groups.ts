import { useQuery } from '@tanstack/react-query';
import type { GroupsResponse, UserGroup } from '@parley/protocol';
import { api } from '../lib/api';
import { keys } from './keys';

/** Every user group; kept current by group:updated and group:deleted, live and on catch-up. */
export const groupsQuery = {
  queryKey: keys.groups,
  queryFn: async (): Promise<UserGroup[]> => (await api<GroupsResponse>('GET', '/groups')).groups,
  staleTime: Infinity,
};

export function useGroups() {
  return useQuery(groupsQuery);
}
