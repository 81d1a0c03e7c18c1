import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ParsedSearch } from '@parley/protocol';
import { useStore } from '../../lib/store';
import { localSearch, searchEncrypted } from '../../realtime/local-search-coordinator';

/** The encrypted messages this browser has indexed that match; searched again as the index grows. */
export function useEncryptedSearch(q: string, query: ParsedSearch | undefined) {
  const qc = useQueryClient();
  const { status, version } = useStore(localSearch);
  return useQuery({
    queryKey: ['search-encrypted', q, version],
    queryFn: async () => (await searchEncrypted(qc, query!)) ?? [],
    enabled: !!query && status === 'ready',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
  });
}
