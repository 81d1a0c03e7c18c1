import type { FeedChange } from '@parley/protocol';
import type { Db } from '../../db/client.js';
import { findChannel, findMembership, countUnread, viewChannel } from '../channels/channels.repo.js';
import { findMessages, withReactions, listReactions } from '../messages/messages.repo.js';
import { threadState } from '../threads/threads.repo.js';
import { findDraft, toDraft } from '../drafts/drafts.repo.js';
import { isSaved } from '../pins/pins.repo.js';
import { findGroup } from '../groups/groups.repo.js';
import { findUserById, toUser } from '../users/users.repo.js';
import { findEmojiById, toCustomEmoji } from '../emoji/emoji.repo.js';
import { findScheduled, toScheduled } from '../scheduled/scheduled.repo.js';
import { type ChangeRow, formatPosition, type Loaded } from './feed.repo.js';

export type Resolved = { row: ChangeRow; change: FeedChange };

const MESSAGE_KINDS = new Set(['message:created', 'message:updated', 'message:deleted']);

/**
 * Turns feed rows into the events clients apply, each with the current state of what it names: a
 * replay shows what a fresh load would. Rows whose subject is gone are left out.
 */
export async function resolveChanges(db: Db, rows: ChangeRow[], loaded?: Loaded): Promise<Resolved[]> {
  const { messages, reactions } = loaded ?? (await load(db, rows));
  const out: Resolved[] = [];
  for (const row of rows) {
    const cursor = formatPosition(row);
    const channelId = row.channelId!;
    let change: FeedChange | undefined;
    switch (row.kind) {
      case 'message:created':
      case 'message:updated':
      case 'message:deleted': {
        const message = messages.get(row.entityId!);
        if (message) change = { type: row.kind, payload: { channelId, seq: message.seq, message, cursor } };
        break;
      }
      case 'reaction:changed': {
        const list = reactions.get(row.entityId!) ?? [];
        change = {
          type: row.kind,
          payload: { channelId, messageId: row.entityId!, reactions: list, cursor },
        };
        break;
      }
      default:
        change = await resolveOne(db, row, cursor);
    }
    if (change) out.push({ row, change });
  }
  return out;
}

/** The messages and reactions the rows name, in two queries. */
async function load(db: Db, rows: ChangeRow[]): Promise<Loaded> {
  const messageIds = [...new Set(rows.filter((r) => MESSAGE_KINDS.has(r.kind)).map((r) => r.entityId!))];
  const reactionIds = [...new Set(rows.filter((r) => r.kind === 'reaction:changed').map((r) => r.entityId!))];
  const messages = new Map(
    (await withReactions(db, await findMessages(db, messageIds))).map((m) => [m.id, m]),
  );
  return { messages, reactions: await listReactions(db, reactionIds) };
}

/** The rarer kinds, one query or two each. */
async function resolveOne(db: Db, row: ChangeRow, cursor: string): Promise<FeedChange | undefined> {
  const channelId = row.channelId!;
  switch (row.kind) {
    case 'thread:updated': {
      if (!(await findMembership(db, channelId, row.userId!))) return undefined;
      const thread = await threadState(db, row.entityId!, channelId, row.userId!);
      return { type: row.kind, payload: { channelId, thread, cursor } };
    }
    case 'channel:updated': {
      // Shared changes carry no membership; a user's own (joined, notify) carries theirs.
      const view = await viewChannel(db, channelId, row.userId ?? '00000000-0000-0000-0000-000000000000');
      if (!view) return undefined;
      const channel = row.userId ? view : { ...view, membership: null };
      if (row.userId && !channel.membership) return undefined;
      return { type: row.kind, payload: { channelId, channel, cursor } };
    }
    case 'channel:removed': {
      const reason = row.data?.reason === 'left' ? 'left' : 'removed';
      return { type: row.kind, payload: { channelId, reason, cursor } };
    }
    case 'member:joined': {
      const user = await findUserById(db, row.entityId!);
      if (!user) return undefined;
      const role = (await findMembership(db, channelId, user.id))?.role ?? 'member';
      return { type: row.kind, payload: { channelId, member: { user: toUser(user), role }, cursor } };
    }
    case 'history:pruned': {
      const rootIds = Array.isArray(row.data?.rootIds) ? (row.data.rootIds as string[]) : [];
      return { type: row.kind, payload: { channelId, rootIds, cursor } };
    }
    case 'member:left':
      return { type: row.kind, payload: { channelId, userId: row.entityId!, cursor } };
    case 'read:updated': {
      const membership = await findMembership(db, channelId, row.userId!);
      if (!membership) return undefined;
      const counts = await countUnread(db, channelId, row.userId!, membership.lastReadSeq);
      return { type: row.kind, payload: { channelId, seq: membership.lastReadSeq, ...counts, cursor } };
    }
    case 'user:updated': {
      const user = await findUserById(db, row.entityId!);
      return user && { type: row.kind, payload: { user: toUser(user), cursor } };
    }
    case 'keys:changed': {
      const channel = await findChannel(db, channelId);
      if (!channel) return undefined;
      const { keyVersion, keyRotationNeeded: rotationNeeded } = channel;
      return { type: row.kind, payload: { channelId, keyVersion, rotationNeeded, cursor } };
    }
    case 'saved:changed': {
      if (!(await findMembership(db, channelId, row.userId!)) && !(await findChannel(db, channelId)))
        return undefined;
      const saved = await isSaved(db, row.userId!, row.entityId!);
      return { type: row.kind, payload: { channelId, messageId: row.entityId!, saved, cursor } };
    }
    case 'reminder:due': {
      // The message only while its owner may still read it (a member, or anyone but a guest in a public channel).
      const member = !!(await findMembership(db, channelId, row.userId!));
      const readable =
        member ||
        ((await findChannel(db, channelId))?.kind === 'public' &&
          (await findUserById(db, row.userId!))?.role !== 'guest');
      const [found] = readable ? await findMessages(db, [row.entityId!]) : [];
      const message = found && !found.deletedAt ? (await withReactions(db, [found]))[0]! : null;
      return { type: row.kind, payload: { channelId, messageId: row.entityId!, message, cursor } };
    }
    case 'scheduled:changed': {
      const found = await findScheduled(db, row.entityId!);
      const scheduled = found?.userId === row.userId ? toScheduled(found) : null;
      return { type: row.kind, payload: { channelId, scheduledId: row.entityId!, scheduled, cursor } };
    }
    case 'emoji:changed': {
      // Added and still there, or gone (removed, or this row is the removal): the name says which.
      const emoji = await findEmojiById(db, row.entityId!);
      const name = emoji?.name ?? String(row.data?.name ?? '');
      return { type: row.kind, payload: { name, emoji: emoji ? toCustomEmoji(emoji) : null, cursor } };
    }
    case 'draft:updated': {
      if (!(await findMembership(db, channelId, row.userId!))) return undefined;
      const draft = await findDraft(db, row.userId!, channelId, row.entityId);
      const payload = { channelId, threadRootId: row.entityId, draft: draft ? toDraft(draft) : null, cursor };
      return { type: row.kind, payload };
    }
    case 'group:updated': {
      const group = await findGroup(db, row.entityId!);
      return group && { type: row.kind, payload: { group, cursor } };
    }
    case 'group:deleted':
      return { type: row.kind, payload: { groupId: row.entityId!, cursor } };
    default:
      return undefined;
  }
}
