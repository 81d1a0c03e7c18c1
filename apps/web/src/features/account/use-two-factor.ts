import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  RecoveryCodesResponse,
  TwoFactorResponse,
  TwoFactorSetupResponse,
  TwoFactorState,
} from '@parley/protocol';
import { api } from '../../lib/api';

const twoFactorKey = ['account', 'two-factor'] as const;

export function useTwoFactor() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: () => api<TwoFactorResponse>('GET', '/auth/two-factor'),
    select: (res) => res.twoFactor,
  });
}

/** Each change answers the new state: it replaces the cached one, no second request. */
function useTwoFactorMutation<T extends { twoFactor: TwoFactorState }, V>(
  mutationFn: (vars: V) => Promise<T>,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ twoFactor }) => qc.setQueryData<TwoFactorResponse>(twoFactorKey, { twoFactor }),
  });
}

export const useStartTwoFactor = () =>
  useMutation({
    mutationFn: (password: string) =>
      api<TwoFactorSetupResponse>('POST', '/auth/two-factor/setup', { password }),
  });

export const useEnableTwoFactor = () =>
  useTwoFactorMutation((code: string) =>
    api<RecoveryCodesResponse>('POST', '/auth/two-factor/enable', { code: code.replace(/\s/g, '') }),
  );

export const useNewRecoveryCodes = () =>
  useTwoFactorMutation((password: string) =>
    api<RecoveryCodesResponse>('POST', '/auth/two-factor/recovery-codes', { password }),
  );

export const useDisableTwoFactor = () =>
  useTwoFactorMutation((password: string) =>
    api<TwoFactorResponse>('POST', '/auth/two-factor/disable', { password }),
  );
