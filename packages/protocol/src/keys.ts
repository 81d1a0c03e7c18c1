import { z } from 'zod';
import { Id, wellFormed } from './entities.js';

// Key material is opaque to the server: base64url or JSON strings made and read only by browsers.
const Blob = (max: number) => z.string().min(1).max(max).refine(wellFormed, 'Not text the server can store');

export const PublicKeys = z.strictObject({ ecdh: Blob(512), ecdsa: Blob(512) });
export type PublicKeys = z.infer<typeof PublicKeys>;

export const SetupKeysBody = z.strictObject({
  publicKeys: PublicKeys,
  wrappedPrivate: Blob(8192),
  recoveryWrapped: Blob(8192),
});
export type SetupKeysBody = z.infer<typeof SetupKeysBody>;

export const RewrapKeysBody = z.strictObject({
  wrappedPrivate: Blob(8192),
  recoveryWrapped: Blob(8192).optional(),
});
export type RewrapKeysBody = z.infer<typeof RewrapKeysBody>;

export const UserKeys = z.object({
  userId: Id,
  publicKeys: PublicKeys,
  updatedAt: z.string(),
});
export type UserKeys = z.infer<typeof UserKeys>;

export const OwnKeys = UserKeys.extend({ wrappedPrivate: z.string(), recoveryWrapped: z.string() });
export type OwnKeys = z.infer<typeof OwnKeys>;

export const UserKeysQuery = z.strictObject({
  userIds: z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(Id).min(1).max(200)),
});
export type UserKeysQuery = z.infer<typeof UserKeysQuery>;

export const ChannelKeyWrap = z.strictObject({ userId: Id, wrapped: Blob(4096) });
export const PostChannelKeysBody = z.strictObject({
  version: z.number().int().min(1).max(2_147_483_647),
  wraps: z.array(ChannelKeyWrap).min(1).max(1000),
});
export type PostChannelKeysBody = z.infer<typeof PostChannelKeysBody>;

export const ChannelKey = z.object({
  version: z.number().int(),
  wrapped: z.string(),
  wrappedBy: Id.nullable(),
});
export type ChannelKey = z.infer<typeof ChannelKey>;

/** Per member: which key versions they hold, so a browser can wrap for those waiting. */
export const ChannelKeyStatus = z.object({
  keyVersion: z.number().int(),
  rotationNeeded: z.boolean(),
  members: z.array(z.object({ userId: Id, hasKeys: z.boolean(), versions: z.array(z.number().int()) })),
});
export type ChannelKeyStatus = z.infer<typeof ChannelKeyStatus>;

export type OwnKeysResponse = { keys: OwnKeys | null };
export type UserKeysResponse = { keys: UserKeys[] };
export type ChannelKeysResponse = { keyVersion: number; rotationNeeded: boolean; keys: ChannelKey[] };
export type ChannelKeyStatusResponse = { status: ChannelKeyStatus };
