import { z } from 'zod';
import { LIMITS } from './constants.js';
import { Password, type User } from './entities.js';

export const ChangePasswordBody = z.strictObject({
  currentPassword: z.string().min(1).max(LIMITS.passwordMax),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ResetPasswordBody = z.strictObject({ password: Password });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** A session id as the API shows it: derived from, never equal to, what the cookie holds or the database keys by. */
export const SessionIdParams = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
export const ResetTokenParams = z.strictObject({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) });

export type SessionInfo = {
  id: string;
  userAgent: string;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
  current: boolean;
};
export type SessionsResponse = { sessions: SessionInfo[] };
/** How many sessions a revocation ended. */
export type RevokedResponse = { revoked: number };
/** Shown to the admin once: the token itself is stored only as a hash. */
export type ResetLinkResponse = { reset: { token: string; path: string; expiresAt: string } };
export type ResetLinkState = { reset: { valid: boolean; username: string | null } };
export type AdminUserResponse = { user: User };
