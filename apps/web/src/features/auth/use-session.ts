import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LoginBody,
  LoginResponse,
  RegisterBody,
  RegisterResponse,
  SessionResponse,
  TwoFactorLoginBody,
  User,
  UserResponse,
} from '@parley/protocol';
import { api, ApiError } from '../../lib/api';
import { primeCursor } from '../../realtime/prime-cursor';
import { keys } from '../../realtime/keys';

// Set when the session ends without this tab signing out: revoked, password changed, deactivated.
let endedElsewhere = false;
let signingOut = false;

/** True when the last session ended on its own, until the next sign-in: the sign-in page says so. */
export const sessionEndedElsewhere = () => endedElsewhere;

/** True from a sign-out in this tab until the app has seen its session end. */
export const signingOutHere = () => signingOut;

export function useSession() {
  const query = useQuery({
    queryKey: keys.session,
    queryFn: async (): Promise<User | null> => {
      try {
        // The sync cursor comes in the same round trip, before anything the app shows is loaded.
        const [session] = await Promise.all([api<SessionResponse>('GET', '/auth/session'), primeCursor()]);
        return session.user;
      } catch (err) {
        if (err instanceof ApiError && err.code === 'unauthenticated') return null;
        throw err;
      }
    },
    staleTime: Infinity,
  });
  const previous = useRef(query.data);
  useEffect(() => {
    if (previous.current && query.data === null) endedElsewhere = !signingOut;
    if (query.data) endedElsewhere = false;
    signingOut = false;
    previous.current = query.data;
  }, [query.data]);
  return query;
}

/** With two-factor on, the answer is a ticket for the code step instead of a session. */
export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api<LoginResponse>('POST', '/auth/login', body),
    onSuccess: (res) => {
      if ('user' in res) qc.setQueryData(keys.session, res.user);
    },
  });
}

/** The second step: the ticket from useLogin and a code from the app or a recovery code. */
export function useLoginCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorLoginBody) => api<UserResponse>('POST', '/auth/login/code', body),
    onSuccess: ({ user }) => qc.setQueryData(keys.session, user),
  });
}

export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => api<RegisterResponse>('POST', '/auth/register', body),
    // Where the team requires two-factor, the new account sets it up before its first session.
    onSuccess: (res) => {
      if ('user' in res) qc.setQueryData(keys.session, res.user);
    },
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    // Signing out forgets this browser's unlocked keys: a shared computer keeps nothing readable.
    mutationFn: async () => {
      signingOut = true;
      // Loaded here, not with the sign-in page: the vault brings the encryption engine with it.
      await (await import('../../crypto/vault')).lockThisBrowser();
      await api<void>('POST', '/auth/logout');
    },
    // The session goes to null in place, so the page watching it shows sign-in at once; then the rest is dropped.
    onSettled: () => {
      qc.setQueryData(keys.session, null);
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== keys.session[0] });
    },
  });
}
