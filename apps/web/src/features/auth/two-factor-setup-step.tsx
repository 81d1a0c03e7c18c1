import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginSetupResponse, TwoFactorSetupResponse } from '@parley/protocol';
import { FailureNote } from '../../components/field';
import { AuthenticatorSetup } from '../../components/two-factor/authenticator-setup';
import { RecoveryCodes } from '../../components/two-factor/recovery-codes';
import { api, ApiError } from '../../lib/api';
import { keys } from '../../realtime/keys';
import { AuthLayout } from './auth-form';

const expired = (err: unknown) => err instanceof ApiError && err.code === 'two_factor_expired';

/** Signing in where the team requires two-factor and this account has none: set it up, then go in. */
export function TwoFactorSetupStep({ ticket, onBack }: { ticket: string; onBack: (why?: string) => void }) {
  const qc = useQueryClient();
  // A query, not an effect: one secret per ticket, however often the step mounts.
  const setup = useQuery({
    queryKey: ['sign-in-setup', ticket],
    queryFn: () => api<TwoFactorSetupResponse>('POST', '/auth/login/setup', { ticket }),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const enable = useMutation({
    mutationFn: (code: string) =>
      api<LoginSetupResponse>('POST', '/auth/login/enable', { ticket, code: code.replace(/\s/g, '') }),
  });
  const failure = setup.error ?? enable.error;
  useEffect(() => {
    if (expired(failure)) onBack((failure as ApiError).message);
  }, [failure, onBack]);
  const signedIn = enable.data;

  return (
    <AuthLayout
      title="Set up two-factor authentication"
      subtitle={
        signedIn
          ? undefined
          : 'Your team asks for a code from an authenticator app as well as your password. Set it up once to continue.'
      }
      footer={
        !signedIn && (
          <button type="button" className="link-button" onClick={() => onBack()}>
            Sign in as someone else
          </button>
        )
      }
    >
      {signedIn ? (
        <RecoveryCodes
          codes={signedIn.recoveryCodes}
          renewed={false}
          onDone={() => qc.setQueryData(keys.session, signedIn.user)}
        />
      ) : setup.data ? (
        <AuthenticatorSetup
          setup={setup.data.setup}
          busy={enable.isPending}
          error={enable.error}
          onEnable={(code) => enable.mutate(code)}
          onCancel={() => onBack()}
        />
      ) : (
        <FailureNote error={setup.error} />
      )}
    </AuthLayout>
  );
}
