import { z } from 'zod';

export const ErrorCode = z.enum([
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'rate_limited',
  'unsupported',
  'unavailable',
  'internal',
  'csrf_required',
  'username_taken',
  'channel_name_taken',
  'invalid_credentials',
  'invite_required',
  'invite_invalid',
  'channel_not_found',
  'message_not_found',
  'user_not_found',
  'not_a_member',
  'channel_archived',
  'encrypted_body_required',
  'keys_not_set_up',
  'key_rotation_required',
  'stale_key_version',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  unsupported: 415,
  unavailable: 503,
  internal: 500,
  csrf_required: 403,
  username_taken: 409,
  channel_name_taken: 409,
  invalid_credentials: 401,
  invite_required: 403,
  invite_invalid: 404,
  channel_not_found: 404,
  message_not_found: 404,
  user_not_found: 404,
  not_a_member: 403,
  channel_archived: 409,
  encrypted_body_required: 400,
  keys_not_set_up: 409,
  key_rotation_required: 409,
  stale_key_version: 409,
};

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  validation_failed: 'Some of what was sent is not valid.',
  unauthenticated: 'Please sign in.',
  forbidden: 'You are not allowed to do that.',
  not_found: 'That was not found.',
  conflict: 'That conflicts with something that already exists.',
  payload_too_large: 'That is too large.',
  rate_limited: 'Too many attempts. Please wait and try again.',
  unsupported: 'That is not supported.',
  unavailable: 'The server is briefly unavailable. Please try again.',
  internal: 'Something went wrong on the server.',
  csrf_required: 'The request is missing its CSRF header.',
  username_taken: 'That username is taken.',
  channel_name_taken: 'A channel with that name already exists.',
  invalid_credentials: 'Wrong username or password.',
  invite_required: 'This Parley is invite-only. Ask for an invite link.',
  invite_invalid: 'That invite link is not valid or has expired.',
  channel_not_found: 'That channel was not found.',
  message_not_found: 'That message was not found.',
  user_not_found: 'That user was not found.',
  not_a_member: 'You are not a member of that channel.',
  channel_archived: 'That channel is archived.',
  encrypted_body_required: 'This channel is encrypted: send an encrypted envelope.',
  keys_not_set_up: 'Set up encryption first.',
  key_rotation_required: 'A member left: the channel key must be rotated before anyone sends.',
  stale_key_version: 'The channel key has changed: fetch the new key and try again.',
};

export const ErrorDetail = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ErrorEnvelope = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    details: z.array(ErrorDetail).optional(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export function issuesToDetails(error: z.ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}
