import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '@parley/protocol';
import { api } from '../../lib/api';

const PAGE = 50;

export type PeopleFilter = { q: string; role: string; status: string };

/** Everyone on the instance a page at a time, in username order, narrowed by the filter; `total` counts all matches. */
export function usePeoplePages(filter: PeopleFilter) {
  const query = useInfiniteQuery({
    // Under ['admin', 'users'], so a change that refreshes the list refreshes every page loaded.
    queryKey: ['admin', 'users', filter],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE) });
      for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
      if (pageParam) params.set('cursor', pageParam);
      return api<AdminUsersResponse>('GET', `/admin/users?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (previous) => previous,
  });
  const pages = query.data?.pages ?? [];
  return { ...query, users: pages.flatMap((p) => p.users), total: pages[0]?.total };
}
