import { randomUUID } from 'node:crypto';
import { LIMITS, type ImportedLinksResponse, type SlackImportSummary, type User } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { createResetLink } from '../auth/passwords.service.js';
import { type Actor } from '../channels/permissions.js';
import * as channelsRepo from '../channels/channels.repo.js';
import { joined } from '../channels/channels.service.js';
import { recordChanges } from '../feed/feed.repo.js';
import * as messagesRepo from '../messages/messages.repo.js';
import { normalizeEmoji } from '../reactions/emoji.js';
import { setPinned } from '../pins/pins.repo.js';
import { findUserById, findUserByUsername, insertUser } from '../users/users.repo.js';
import * as repo from './import.repo.js';
import type { SlackChannel, SlackExport, SlackMessage } from './slack-export.js';
import { channelName, displayName, topicOf, usernameOf } from './slack-names.js';
import { messageBody } from './slack-text.js';

/** Never a valid argon2 hash: an imported person signs in after a reset link, as after a forgotten password. */
const NO_PASSWORD = '!imported-from-slack';
/** What Slack records as a message; joins, topic changes and the like are Parley's own system lines. */
const KEPT_SUBTYPES = new Set([undefined, 'thread_broadcast', 'me_message', 'bot_message', 'file_share']);
/** Messages a transaction: a channel's history comes in a batch at a time, so others use the database between. */
const BATCH = 50;

/** A Slack account as Parley knows it: an account (id, username), or a bot's name. */
type Person = { id: string; username?: string; bot?: string };

export const emptySummary = (channelsTotal: number): SlackImportSummary => ({
  channelsTotal,
  peopleCreated: 0,
  peopleMatched: 0,
  channels: [],
  skipped: [],
  messages: 0,
  messagesSkipped: 0,
});

/**
 * Imports a Slack workspace export: its people (matched to Parley accounts by username, else made
 * without a password), public and private channels with their members, topics, messages, threads
 * and reactions, at their original times, a batch of messages to a transaction. A channel imported
 * before is skipped and one begun before goes on, so running it again adds nothing and finishes an
 * interrupted one. `progress` hears the summary after each channel; when `stopped` turns true, it
 * stops between channels.
 */
export async function importSlack(
  ctx: AppContext,
  admin: Actor,
  data: SlackExport,
  hooks: { progress: (summary: SlackImportSummary) => Promise<void>; stopped: () => boolean },
): Promise<SlackImportSummary> {
  const summary = emptySummary(data.channels.length);
  const people = await importPeople(ctx, data, summary);
  const names = await channelNames(ctx, data.channels);
  for (const channel of data.channels) {
    if (hooks.stopped()) return summary;
    const name = names.get(channel.id)!;
    if (await repo.findImported(ctx.db, 'channel-done', channel.id)) {
      summary.skipped.push({ name: channel.name, reason: 'imported before' });
      continue;
    }
    try {
      const done = await importChannel(ctx, admin, { channel, name, people, names, data });
      summary.channels.push({ name, from: channel.name, messages: done.messages, private: channel.private });
      summary.messages += done.messages;
      summary.messagesSkipped += done.skipped;
      for (const userId of done.members) ctx.events.publish('member.joined', { channelId: done.id, userId });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      summary.skipped.push({ name: channel.name, reason: 'imported before' });
    }
    await hooks.progress(summary);
  }
  summary.messagesSkipped += data.unreadable();
  return summary;
}

/** Slack's export has no passwords: a reset link for each person an import made who has set none yet, to send them. */
export async function signInLinks(ctx: AppContext, admin: User): Promise<ImportedLinksResponse['links']> {
  const links: ImportedLinksResponse['links'] = [];
  for (const person of await repo.listWaitingForPassword(ctx.db, NO_PASSWORD)) {
    const { path, expiresAt } = await createResetLink(ctx, admin, person.id);
    links.push({
      userId: person.id,
      username: person.username,
      displayName: person.displayName,
      path,
      expiresAt,
    });
  }
  return links;
}

/** Slack's people as Parley accounts: one imported before, then one with the same username, else a new one. */
async function importPeople(ctx: AppContext, data: SlackExport, summary: SlackImportSummary) {
  const people = new Map<string, Person>();
  const general = await channelsRepo.findChannelByName(ctx.db, 'general');
  for (const u of data.users) {
    const shown = displayName(u.real_name || u.profile?.real_name || u.profile?.display_name || u.name);
    if (u.is_bot || u.id === 'USLACKBOT') {
      people.set(u.id, { id: '', bot: shown });
      continue;
    }
    const before = await repo.findImported(ctx.db, 'user', u.id);
    const known = before ? await findUserById(ctx.db, before) : undefined;
    if (known) {
      people.set(u.id, { id: known.id, username: known.username });
      continue;
    }
    const username = usernameOf(u.name, u.id);
    const existing = await findUserByUsername(ctx.db, username);
    const id = existing?.id ?? randomUUID();
    await ctx.db.transaction(async (tx) => {
      if (!existing)
        await insertUser(tx, {
          id,
          username,
          displayName: shown,
          passwordHash: NO_PASSWORD,
          role: 'member',
          status: u.deleted ? 'deactivated' : 'active',
        });
      // As at sign-up, a new person is in #general, with what was said there before them read.
      if (!existing && !u.deleted && general && channelsRepo.isDefaultChannel(general)) {
        await channelsRepo.insertMembership(tx, {
          channelId: general.id,
          userId: id,
          lastReadSeq: general.lastSeq,
        });
        await recordChanges(tx, [{ kind: 'member:joined', channelId: general.id, entityId: id }]);
      }
      await repo.recordImported(tx, 'user', u.id, id);
    });
    if (existing) summary.peopleMatched++;
    else summary.peopleCreated++;
    people.set(u.id, { id, username: existing?.username ?? username });
  }
  return people;
}

/** Each channel's Parley name: the one it was imported under, else Slack's, else Slack's with -slack. */
async function channelNames(ctx: AppContext, list: SlackChannel[]) {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const c of list) {
    const before = await repo.findImported(ctx.db, 'channel', c.id);
    const row = before ? await channelsRepo.findChannel(ctx.db, before) : undefined;
    if (row?.name) {
      names.set(c.id, row.name);
      continue;
    }
    const base = channelName(c.name);
    for (let i = 1; ; i++) {
      const name = i === 1 ? base : `${base.slice(0, 50)}-slack${i > 2 ? `-${i - 1}` : ''}`;
      if (!taken.has(name) && !(await channelsRepo.findChannelByName(ctx.db, name))) {
        names.set(c.id, name);
        taken.add(name);
        break;
      }
    }
  }
  return names;
}

async function importChannel(
  ctx: AppContext,
  admin: Actor,
  job: {
    channel: SlackChannel;
    name: string;
    people: Map<string, Person>;
    names: Map<string, string>;
    data: SlackExport;
  },
) {
  const { channel, people } = job;
  const members = [
    ...new Set((channel.members ?? []).map((m) => people.get(m)?.id).filter((m) => !!m)),
  ] as string[];
  const creator = people.get(channel.creator ?? '')?.id || admin.id;
  const text = {
    user: (slackId: string) => job.people.get(slackId)?.username,
    channel: (slackId: string) => job.names.get(slackId),
  };
  const started = await repo.findImported(ctx.db, 'channel', channel.id);
  const id = started ?? randomUUID();
  if (!started)
    await ctx.db.transaction(async (tx) => {
      await channelsRepo.insertChannel(tx, {
        id,
        name: job.name,
        kind: channel.private ? 'private' : 'public',
        topic: topicOf(channel),
        encrypted: false,
        createdBy: creator,
        ...(channel.created ? { createdAt: new Date(channel.created * 1000) } : {}),
      });
      await repo.recordImported(tx, 'channel', channel.id, id);
      for (const userId of members)
        await channelsRepo.insertMembership(tx, {
          channelId: id,
          userId,
          role: userId === creator ? 'admin' : 'member',
        });
    });
  // A channel an interrupted import began keeps what it has; the rest follows.
  const prefix = `slack-${channel.id}-`;
  const idOfTs = await repo.importedMessages(ctx.db, id, prefix);
  const list = job.data.messagesOf(channel);
  let messages = 0;
  let skipped = 0;
  for (let from = 0; from < list.length; from += BATCH) {
    await ctx.db.transaction(async (tx) => {
      for (const m of list.slice(from, from + BATCH)) {
        const body = messageBody(m, text);
        if (!KEPT_SUBTYPES.has(m.subtype) || !body) skipped++;
        else if (!idOfTs.has(m.ts)) {
          idOfTs.set(
            m.ts,
            await importMessage(tx, { admin, channelId: id, prefix, people, idOfTs }, m, body),
          );
          messages++;
        }
      }
    });
    // The embedded database serves one statement at a time: requests waiting meanwhile go first.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Slack's export says what was pinned, not by whom or when: pinned by whoever imported it, at most a channel's 100.
  const pinned = list
    .filter((m) => m.pinned_to?.includes(channel.id))
    .map((m) => idOfTs.get(m.ts))
    .filter((m) => !!m)
    .slice(-LIMITS.pinsPerChannel) as string[];
  await ctx.db.transaction(async (tx) => {
    for (const rootId of await repo.threadRootsIn(tx, id)) await messagesRepo.recountReplies(tx, rootId);
    for (const messageId of pinned) await setPinned(tx, messageId, admin.id);
    await repo.markAllRead(tx, id);
    if (channel.is_archived) await channelsRepo.updateChannel(tx, id, { archivedAt: new Date() });
    await recordChanges(
      tx,
      members.map((userId) => joined(id, userId)),
    );
    await repo.recordImported(tx, 'channel-done', channel.id, id);
  });
  return { id, members, messages, skipped };
}

/** One message, its thread and reactions; answers its id. */
async function importMessage(
  tx: Conn,
  to: {
    admin: Actor;
    channelId: string;
    prefix: string;
    people: Map<string, Person>;
    idOfTs: Map<string, string>;
  },
  m: SlackMessage,
  body: string,
): Promise<string> {
  const person = m.user ? to.people.get(m.user) : undefined;
  const rootId = m.thread_ts && m.thread_ts !== m.ts ? to.idOfTs.get(m.thread_ts) : undefined;
  const at = new Date(Number(m.ts) * 1000);
  const row = await messagesRepo.importMessageRow(tx, {
    id: randomUUID(),
    channelId: to.channelId,
    authorId: person?.id || to.admin.id,
    clientId: `${to.prefix}${m.ts}`,
    threadRootId: rootId ?? null,
    alsoInChannel: !!rootId && m.subtype === 'thread_broadcast',
    body,
    // Bots are no one here: their messages show under their name, as a webhook's do.
    via: person?.id ? null : { name: m.username || m.bot_profile?.name || person?.bot || 'Slack' },
    createdAt: at,
    editedAt: m.edited ? new Date(Number(m.edited.ts) * 1000) : null,
  });
  const reactions = (m.reactions ?? []).flatMap((r) => {
    const emoji = normalizeEmoji(`:${r.name.split('::')[0]}:`);
    const userIds = r.users.map((u) => to.people.get(u)?.id).filter((u) => !!u) as string[];
    return emoji && userIds.length ? [{ emoji, userIds }] : [];
  });
  await repo.insertReactions(tx, row.id, at, reactions);
  return row.id;
}
