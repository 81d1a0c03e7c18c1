import type { Draft, SaveDraftBody } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { loadVisible } from '../channels/channels.service.js';
import { type Actor, requireMember } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import { findMessage } from '../messages/messages.repo.js';
import * as repo from './drafts.repo.js';

export async function listDrafts(ctx: AppContext, actor: Actor): Promise<Draft[]> {
  return (await repo.listDrafts(ctx.db, actor.id)).map(repo.toDraft);
}

/** Keeps what the actor is typing in a channel or thread; sealed in encrypted channels, as messages are. */
export async function saveDraft(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  input: SaveDraftBody,
): Promise<Draft> {
  const { channel, threadRootId } = await checkPlace(ctx, actor, channelId, input.threadRootId ?? null);
  const content =
    'encrypted' in input ? { body: null, encrypted: input.encrypted } : { body: input.body, encrypted: null };
  if (channel.encrypted && !content.encrypted) throw new AppError('encrypted_body_required');
  if (!channel.encrypted && content.encrypted)
    throw new AppError('validation_failed', 'This channel is not encrypted: save a body.');
  const key = { userId: actor.id, channelId, threadRootId };
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await repo.upsertDraft(tx, key, content);
    await repo.pruneDrafts(tx, actor.id);
    await recordChanges(tx, [draftChange(key)]);
    return saved;
  });
  ctx.events.publish('draft.changed', key);
  return repo.toDraft(row);
}

/** Sent or emptied: gone here and from the actor's other devices. */
export async function deleteDraft(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  threadRootId: string | null,
): Promise<void> {
  const key = { userId: actor.id, channelId, threadRootId };
  await checkPlace(ctx, actor, channelId, threadRootId);
  const deleted = await ctx.db.transaction(async (tx) => {
    const gone = await repo.deleteDraft(tx, key);
    if (gone) await recordChanges(tx, [draftChange(key)]);
    return gone;
  });
  if (deleted) ctx.events.publish('draft.changed', key);
}

const draftChange = (key: { userId: string; channelId: string; threadRootId: string | null }) =>
  ({
    kind: 'draft:updated',
    channelId: key.channelId,
    userId: key.userId,
    entityId: key.threadRootId,
  }) as const;

/** Drafts belong to members, and a thread draft to a thread of that channel. */
async function checkPlace(ctx: AppContext, actor: Actor, channelId: string, threadRootId: string | null) {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  if (!threadRootId) return { channel, threadRootId: null };
  const root = await findMessage(ctx.db, threadRootId);
  if (!root || root.channelId !== channelId || root.threadRootId) throw new AppError('message_not_found');
  return { channel, threadRootId: root.id };
}
