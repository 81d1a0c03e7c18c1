import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { User } from '@parley/protocol';
import { keys } from '../../realtime/keys';

/** Reads a query the app already loads, without fetching or changing its options. */
function useCachedData<T>(key: readonly unknown[]): T | undefined {
  const qc = useQueryClient();
  const hash = hashKey(key);
  // Woken by this query's events only: every message row holds this hook, and the cache changes often.
  const subscribe = useCallback(
    (onChange: () => void) =>
      qc.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [qc, hash],
  );
  const read = useCallback(() => qc.getQueryCache().get(hash)?.state.data as T | undefined, [qc, hash]);
  return useSyncExternalStore(subscribe, read, read);
}

export const useSelfId = () => useCachedData<User | null>(keys.session)?.id ?? '';

export function useNameOf(): (userId: string) => string {
  const users = useCachedData<User[]>(keys.users);
  return useCallback((id: string) => users?.find((u) => u.id === id)?.displayName ?? 'Someone', [users]);
}
