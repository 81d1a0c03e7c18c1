import { randomUUID } from 'node:crypto';
import type { User } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../channels/permissions.js';
import { fileStoreOf } from '../files/file-store.js';
import { sniffType } from '../files/file-types.js';
import { loadSharp, MAX_PIXELS } from '../files/thumbnails.js';
import { recordChanges } from '../feed/feed.repo.js';
import { toUser, updateUser } from '../users/users.repo.js';
import * as repo from './avatars.repo.js';

const PICTURES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
/** Twice the largest avatar drawn (a 64-pixel profile card on a 2x screen), and some room. */
const EDGE = 256;

/** A square crop of the picture, turned upright, as WebP: no metadata (a phone photo's place and time) survives. */
async function squareOf(data: Uint8Array): Promise<Buffer> {
  const sharp = (await loadSharp()).default;
  try {
    return await sharp(data, { limitInputPixels: MAX_PIXELS, animated: false })
      .autoOrient()
      .resize(EDGE, EDGE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('validation_failed', 'That picture could not be read.');
  }
}

/** Sets the actor's photo; the one before is removed, and every tab hears of it as a user:updated. */
export async function setAvatar(ctx: AppContext, actor: Actor, data: Uint8Array): Promise<User> {
  if (!PICTURES.has(sniffType(data)))
    throw new AppError('unsupported', 'Use a PNG, JPEG, WebP or GIF picture.');
  const square = await squareOf(data);
  const id = randomUUID();
  const store = fileStoreOf(ctx);
  const { wrappedKey, sha256 } = await store.put(id, square);
  try {
    return await replaceAvatar(ctx, actor.id, {
      id,
      userId: actor.id,
      size: square.length,
      sha256,
      wrappedKey,
    });
  } catch (err) {
    await store.remove(id);
    throw err;
  }
}

export async function removeAvatar(ctx: AppContext, actor: Actor): Promise<User> {
  return replaceAvatar(ctx, actor.id, null);
}

/**
 * Stores the new photo (or none) and clears out every other one of the user's, in one transaction: the
 * user's row lock puts two uploads at once in line, and the later one's photo is the one that stays.
 */
async function replaceAvatar(
  ctx: AppContext,
  userId: string,
  next: Omit<repo.AvatarRow, 'createdAt'> | null,
): Promise<User> {
  const { row, removed } = await ctx.db.transaction(async (tx) => {
    if (next) await repo.insertAvatar(tx, next);
    const row = await updateUser(tx, userId, { avatarId: next?.id ?? null });
    await recordChanges(tx, [{ kind: 'user:updated', entityId: userId }]);
    return { row: row!, removed: await repo.deleteOtherAvatars(tx, userId, next?.id ?? null) };
  });
  // The session's cached user (what /auth/session and the socket answer) takes the new photo at once.
  await ctx.sessionCache.forgetUser(userId);
  ctx.events.publish('user.updated', { userId });
  const store = fileStoreOf(ctx);
  for (const id of removed) await store.remove(id);
  return toUser(row);
}

/** A photo's bytes: small, read whole. */
export async function readAvatar(ctx: AppContext, id: string) {
  const row = await repo.findAvatar(ctx.db, id);
  if (!row) throw new AppError('not_found');
  const bytes = await fileStoreOf(ctx).read(row.id, row.wrappedKey, 0, row.size);
  return { row, bytes };
}
