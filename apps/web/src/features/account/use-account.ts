import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, RevokedResponse, SessionsResponse } from '@parley/protocol';
import { api } from '../../lib/api';

const sessionsKey = ['account', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => api<SessionsResponse>('GET', '/auth/sessions'),
  });
}

/** Each mutation here ends sessions: the list is read again after it. */
function useSessionMutation<T, V>(mutationFn: (vars: V) => Promise<T>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }) });
}

export const useChangePassword = () =>
  useSessionMutation((body: ChangePasswordBody) => api<RevokedResponse>('POST', '/auth/password', body));

export const useRevokeSession = () =>
  useSessionMutation((id: string) => api<void>('DELETE', `/auth/sessions/${encodeURIComponent(id)}`));

export const useRevokeOtherSessions = () =>
  useSessionMutation(() => api<RevokedResponse>('DELETE', '/auth/sessions/others'));
