import { useQuery } from '@tanstack/react-query';
import type { SettingsResponse } from '@parley/protocol';
import { api } from '../lib/api';

/** The instance's settings everyone may read (its name, who may add emoji, how long messages are kept). */
export function useInstanceSettings() {
  return useQuery({
    queryKey: ['instance'],
    queryFn: () => api<SettingsResponse>('GET', '/instance'),
    staleTime: 60_000,
    select: (res) => res.settings,
  }).data;
}
