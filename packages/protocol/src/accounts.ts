import { z } from 'zod';
import { LIMITS } from './constants.js';
import { Password, type User } from './entities.js';
import { TWO_FACTOR_CODE_PATTERN } from './two-factor-code.js';

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

/** The password asked again before a security change, so an unlocked session alone cannot make it. */
export const PasswordCheckBody = z.strictObject({ password: z.string().min(1).max(LIMITS.passwordMax) });
export type PasswordCheckBody = z.infer<typeof PasswordCheckBody>;

export const TwoFactorCode = z.string().regex(TWO_FACTOR_CODE_PATTERN);
export const TwoFactorLoginBody = z.strictObject({
  ticket: z.string().regex(/^[A-Za-z0-9_.-]{20,300}$/),
  code: TwoFactorCode,
});
export type TwoFactorLoginBody = z.infer<typeof TwoFactorLoginBody>;

export const EnableTwoFactorBody = z.strictObject({ code: z.string().regex(/^\d{6}$/) });
export type EnableTwoFactorBody = z.infer<typeof EnableTwoFactorBody>;

export type TwoFactorState = { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };
export type TwoFactorResponse = { twoFactor: TwoFactorState };
/** The secret for an authenticator app, as text, an otpauth URI and a QR code (SVG markup). */
export type TwoFactorSetupResponse = { setup: { secret: string; uri: string; qrSvg: string } };
/** Shown once: the server keeps only their hashes. */
export type RecoveryCodesResponse = { recoveryCodes: string[]; twoFactor: TwoFactorState };
/** With two-factor on, a right password answers a ticket for the code step instead of a session. */
export type LoginResponse = { user: User } | { twoFactor: { ticket: string; expiresAt: string } };
/** An account as the admin list shows it. */
export type AdminUser = User & { twoFactor: boolean };
