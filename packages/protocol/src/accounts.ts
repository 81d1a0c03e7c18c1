import { z } from 'zod';
import { LIMITS } from './constants.js';
import { Id, Password, type User } from './entities.js';
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
/** What a right password answers for the next step: see Tickets on the server. */
const Ticket = z.string().regex(/^[A-Za-z0-9_.-]{20,300}$/);
export const TwoFactorLoginBody = z.strictObject({
  ticket: Ticket,
  code: TwoFactorCode,
});
export type TwoFactorLoginBody = z.infer<typeof TwoFactorLoginBody>;

export const EnableTwoFactorBody = z.strictObject({ code: z.string().regex(/^\d{6}$/) });
export type EnableTwoFactorBody = z.infer<typeof EnableTwoFactorBody>;

/** Signing in where two-factor is required and the account has none: the ticket asks for a secret. */
export const SignInSetupBody = z.strictObject({ ticket: Ticket });
export type SignInSetupBody = z.infer<typeof SignInSetupBody>;
/** ...and the secret's first code turns it on and signs in. */
export const SignInEnableBody = z.strictObject({ ticket: Ticket, code: z.string().regex(/^\d{6}$/) });
export type SignInEnableBody = z.infer<typeof SignInEnableBody>;

/** `required`: the team requires it of everyone, so it cannot be turned off. */
export type TwoFactorState = {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  required: boolean;
};
export type TwoFactorResponse = { twoFactor: TwoFactorState };
/** The secret for an authenticator app, as text, an otpauth URI and a QR code (SVG markup). */
export type TwoFactorSetupResponse = { setup: { secret: string; uri: string; qrSvg: string } };
/** Shown once: the server keeps only their hashes. */
export type RecoveryCodesResponse = { recoveryCodes: string[]; twoFactor: TwoFactorState };
type TicketAnswer = { ticket: string; expiresAt: string };
/**
 * With two-factor on, a right password answers a ticket for the code step instead of a session; where
 * the team requires it and the account has none, a ticket to set it up first.
 */
export type LoginResponse = { user: User } | { twoFactor: TicketAnswer } | { twoFactorSetup: TicketAnswer };
export type RegisterResponse = { user: User } | { twoFactorSetup: TicketAnswer };
/** The end of setting it up at sign-in: a session, and the recovery codes shown this once. */
export type LoginSetupResponse = { user: User; recoveryCodes: string[] };
/** An account as the admin list shows it. */
export type AdminUser = User & {
  twoFactor: boolean;
  /** Has an account at the single sign-on provider connected (in the people list). */
  sso?: boolean;
};

/** What the security log records: sign-ins and changes to accounts, access and settings. */
export const AUDIT_ACTIONS = [
  'signed_in',
  'registered',
  'password_changed',
  'password_reset',
  'reset_link_created',
  'two_factor_on',
  'two_factor_off',
  'recovery_codes_renewed',
  'role_changed',
  'deactivated',
  'reactivated',
  'signed_out_everywhere',
  'settings_changed',
  'invite_created',
  'invite_revoked',
  'webhook_added',
  'webhook_removed',
  'webhook_url_renewed',
  'slack_imported',
  'history_pruned',
  'retention_changed',
  'bot_added',
  'bot_token_renewed',
  'bot_removed',
  'sso_linked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry; `actorId` null is the admin tool on the server, `address` where a request came from. */
export type AuditEntry = {
  id: string;
  at: string;
  actorId: string | null;
  action: AuditAction;
  targetId: string | null;
  detail: Record<string, string | number | boolean | null> | null;
  address: string | null;
};
export const AuditQuery = z.strictObject({
  userId: Id.optional(),
  before: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
export type AuditResponse = { entries: AuditEntry[]; nextCursor: string | null };
