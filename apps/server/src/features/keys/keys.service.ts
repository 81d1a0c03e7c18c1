import { verifyWrapSignature } from '@parley/crypto';
import type {
  ChannelKeyStatus,
  PostChannelKeysBody,
  PublicKeys,
  RewrapKeysBody,
  SetupKeysBody,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { loadVisible } from '../channels/channels.service.js';
import { type Actor, requireMember } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import * as repo from './keys.repo.js';

/** New public keys make old channel-key wraps useless: they are dropped, and members' browsers wrap again. */
export async function setupKeys(ctx: AppContext, actor: Actor, body: SetupKeysBody) {
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.findUserKeys(tx, actor.id);
    const changed = before && JSON.stringify(before.publicKeys) !== JSON.stringify(body.publicKeys);
    if (changed) await repo.deleteWrapsOf(tx, actor.id);
    return repo.upsertUserKeys(tx, { userId: actor.id, ...body });
  });
  ctx.realtime.userKeysChanged(actor.id);
  return repo.toOwnKeys(row);
}

export async function rewrapKeys(ctx: AppContext, actor: Actor, body: RewrapKeysBody) {
  const row = await repo.rewrapUserKeys(ctx.db, actor.id, body);
  if (!row) throw new AppError('keys_not_set_up');
  return repo.toOwnKeys(row);
}

async function loadEncrypted(ctx: AppContext, actor: Actor, channelId: string) {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  if (!channel.encrypted) throw new AppError('unsupported', 'This channel is not encrypted.');
  return channel;
}

export async function channelKeysFor(ctx: AppContext, actor: Actor, channelId: string) {
  const channel = await loadEncrypted(ctx, actor, channelId);
  const keys = await repo.listWrapsFor(ctx.db, channelId, actor.id);
  return { keyVersion: channel.keyVersion, rotationNeeded: channel.keyRotationNeeded, keys };
}

export async function channelKeyStatus(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
): Promise<ChannelKeyStatus> {
  const channel = await loadEncrypted(ctx, actor, channelId);
  const members = await repo.keyStatus(ctx.db, channelId);
  return { keyVersion: channel.keyVersion, rotationNeeded: channel.keyRotationNeeded, members };
}

/**
 * Version current+1 makes or rotates the key and must wrap it for its maker;
 * an existing version adds wraps for members who lack it (new members get older versions too).
 */
export async function postChannelKeys(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  body: PostChannelKeysBody,
) {
  const channel = await loadEncrypted(ctx, actor, channelId);
  const members = await repo.keyStatus(ctx.db, channelId);
  const memberIds = new Set(members.map((m) => m.userId));
  const strangers = body.wraps.filter((w) => !memberIds.has(w.userId));
  if (strangers.length)
    throw new AppError('forbidden', 'Keys can be wrapped only for members of the channel.');
  if (new Set(body.wraps.map((w) => w.userId)).size !== body.wraps.length) {
    throw new AppError('validation_failed', 'One wrap per member.');
  }
  const rotating = body.version === channel.keyVersion + 1;
  if (!rotating && body.version > channel.keyVersion) throw new AppError('stale_key_version');
  if (!rotating) await requireSharable(ctx, actor, channelId, body);
  await requireSignedWraps(ctx, actor, channelId, body);
  // The maker must hold the new key; members left out wait until a member's browser wraps it for them.
  if (rotating && !body.wraps.some((w) => w.userId === actor.id)) {
    throw new AppError('validation_failed', 'A new key must be wrapped for the member who makes it.', [
      { path: 'wraps', message: `missing ${actor.id}` },
    ]);
  }
  const rows = body.wraps.map((w) => ({
    channelId,
    version: body.version,
    userId: w.userId,
    wrapped: w.wrapped,
    wrappedBy: actor.id,
  }));
  const result = await ctx.db.transaction(async (tx) => {
    if (rotating && !(await repo.bumpKeyVersion(tx, channelId, channel.keyVersion))) {
      throw new AppError('stale_key_version');
    }
    await recordChanges(tx, [{ kind: 'keys:changed', channelId }]);
    return repo.insertWraps(tx, rows);
  });
  const keyVersion = rotating ? body.version : channel.keyVersion;
  ctx.events.publish('keys.changed', { channelId });
  return { keyVersion, added: result };
}

/**
 * Adding wraps to an existing version shares a key the actor holds; a wrap for themself means their
 * browser made a rival key for a version another browser made first.
 */
async function requireSharable(ctx: AppContext, actor: Actor, channelId: string, body: PostChannelKeysBody) {
  if (
    body.wraps.some((w) => w.userId === actor.id) ||
    !(await repo.holdsVersion(ctx.db, channelId, body.version, actor.id))
  )
    throw new AppError('stale_key_version');
}

/** Every wrap must be signed by the actor for its member, so no member can plant a wrap that locks another out. */
async function requireSignedWraps(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  body: PostChannelKeysBody,
) {
  const keys = new Map(
    (await repo.listUserKeys(ctx.db, [actor.id, ...body.wraps.map((w) => w.userId)])).map((k) => [
      k.userId,
      k.publicKeys as PublicKeys,
    ]),
  );
  const sender = keys.get(actor.id);
  if (!sender) throw new AppError('keys_not_set_up');
  const checks = await Promise.all(
    body.wraps.map(async (w) => {
      const recipient = keys.get(w.userId);
      return (
        !!recipient &&
        verifyWrapSignature({
          wrapped: w.wrapped,
          keyVersion: body.version,
          context: channelId,
          recipientPublic: recipient.ecdh,
          senderPublic: sender.ecdsa,
        })
      );
    }),
  );
  const bad = body.wraps.flatMap((w, i) =>
    checks[i] ? [] : [{ path: `wraps.${i}.wrapped`, message: `not signed by you for ${w.userId}` }],
  );
  if (bad.length) throw new AppError('validation_failed', 'A key wrap does not verify.', bad);
}
