import { useInfiniteQuery } from '@tanstack/react-query';
import type { MembersResponse } from '@parley/protocol';
import { api } from '../../lib/api';
import { keys } from '../../realtime/keys';

const PAGE = 50;

/** The channel's members a page at a time, in display-name order; `q` narrows to a name prefix. */
export function useMemberPages(channelId: string, q: string) {
  const query = useInfiniteQuery({
    // Under the members key, so a member change that refreshes it refreshes the pages too.
    queryKey: [...keys.members(channelId), 'pages', q],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PAGE) });
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api<MembersResponse>('GET', `/channels/${channelId}/members?${params}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return { ...query, members: query.data?.pages.flatMap((p) => p.members) ?? [] };
}
