import { useQuery } from '@tanstack/react-query';
import type { SsoStatusResponse } from '@parley/protocol';
import { api } from '../../lib/api';

/** Whether the server has single sign-on, and the account there this one is connected to. */
export function useSsoStatus() {
  return useQuery({
    queryKey: ['account', 'sso'],
    queryFn: () => api<SsoStatusResponse>('GET', '/auth/sso'),
  });
}
