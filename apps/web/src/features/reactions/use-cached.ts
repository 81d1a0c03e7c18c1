import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@parley/protocol';
import { keys } from '../../realtime/keys';

/** Reads a query the app already loads, without fetching or changing its options. */
function useCachedData<T>(key: readonly unknown[]): T | undefined {
  const qc = useQueryClient();
  const hash = JSON.stringify(key);
  const subscribe = useCallback((onChange: () => void) => qc.getQueryCache().subscribe(onChange), [qc]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const read = useCallback(() => qc.getQueryData<T>(key), [qc, hash]);
  return useSyncExternalStore(subscribe, read, read);
}

export const useSelfId = () => useCachedData<User | null>(keys.session)?.id ?? '';

export function useNameOf(): (userId: string) => string {
  const users = useCachedData<User[]>(keys.users);
  return useCallback((id: string) => users?.find((u) => u.id === id)?.displayName ?? 'Someone', [users]);
}
