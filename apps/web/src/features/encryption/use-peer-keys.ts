import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useStore } from '../../lib/store';
import { peersEpoch } from '../../crypto/epoch';
import { peerKeys } from '../../crypto/user-keys';

/** Public keys and fingerprints of these users (null for those without keys). */
export function usePeerKeys(userIds: string[]) {
  const epoch = useStore(peersEpoch);
  const ids = [...new Set(userIds)].sort();
  return useQuery({
    queryKey: ['peers', ids.join(','), epoch],
    queryFn: () => peerKeys(ids),
    enabled: ids.length > 0,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
