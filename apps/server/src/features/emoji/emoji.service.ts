import { randomUUID } from 'node:crypto';
import type { CustomEmoji } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { readSettings } from '../admin/admin.repo.js';
import { isInstanceAdmin, type Actor } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import { fileStoreOf } from '../files/file-store.js';
import { sniffType } from '../files/file-types.js';
import { isStandardShortcode } from '../reactions/emoji.js';
import * as repo from './emoji.repo.js';

/** Pictures a browser shows as they are; SVG (which can run script) and anything else is refused. */
const IMAGE_TYPES = new Set(['image/png', 'image/gif', 'image/webp', 'image/jpeg']);

/** Guests never; members unless the instance keeps it to owners and admins. */
async function requireMayAdd(ctx: AppContext, actor: Actor): Promise<void> {
  if (actor.role === 'guest') throw new AppError('forbidden', 'Guests cannot add emoji.');
  if (isInstanceAdmin(actor)) return;
  const { emojiAdders } = await readSettings(ctx.db);
  if (emojiAdders === 'admins') throw new AppError('forbidden', 'Only owners and admins can add emoji here.');
}

const taken = () => new AppError('emoji_name_taken');

export async function addEmoji(
  ctx: AppContext,
  actor: Actor,
  name: string,
  data: Uint8Array,
): Promise<CustomEmoji> {
  await requireMayAdd(ctx, actor);
  if (isStandardShortcode(name)) throw taken();
  const type = sniffType(data);
  if (!IMAGE_TYPES.has(type)) throw new AppError('unsupported', 'Use a PNG, GIF, WebP or JPEG picture.');
  if (await repo.findEmojiByName(ctx.db, name)) throw taken();
  const id = randomUUID();
  const store = fileStoreOf(ctx);
  const { wrappedKey, sha256 } = await store.put(id, data);
  let row: repo.EmojiRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const added = await repo.insertEmoji(tx, {
        id,
        name,
        type,
        size: data.length,
        sha256,
        wrappedKey,
        addedBy: actor.id,
      });
      if (!added) throw taken();
      await recordChanges(tx, [{ kind: 'emoji:changed', entityId: id, data: { name } }]);
      return added;
    });
  } catch (err) {
    await store.remove(id);
    throw err;
  }
  ctx.events.publish('emoji.changed', { name });
  return repo.toCustomEmoji(row);
}

/** By whoever added it, or an owner or admin; reactions with it stay, shown as `:name:`. */
export async function removeEmoji(ctx: AppContext, actor: Actor, name: string): Promise<void> {
  const row = await repo.findEmojiByName(ctx.db, name);
  if (!row) throw new AppError('not_found');
  if (row.addedBy !== actor.id && !isInstanceAdmin(actor))
    throw new AppError('forbidden', 'Only whoever added it, an owner or an admin can remove it.');
  const removed = await ctx.db.transaction(async (tx) => {
    const done = await repo.deleteEmoji(tx, row.id);
    if (done) await recordChanges(tx, [{ kind: 'emoji:changed', entityId: row.id, data: { name } }]);
    return done;
  });
  if (!removed) throw new AppError('not_found');
  await fileStoreOf(ctx).remove(row.id);
  ctx.events.publish('emoji.changed', { name });
}

/** The picture's bytes, whole: at most LIMITS.emojiImageMax. */
export async function readEmojiImage(ctx: AppContext, id: string) {
  const row = await repo.findEmojiById(ctx.db, id);
  if (!row) throw new AppError('not_found');
  const bytes = await fileStoreOf(ctx).read(row.id, row.wrappedKey, 0, row.size);
  return { row, bytes };
}
