import { randomUUID } from 'node:crypto';
import { ChannelName, DisplayName, LIMITS, Username, type SlackImportSummary } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { accountChanged } from '../../events/account-changed.js';
import { type Actor } from '../channels/permissions.js';
import * as channelsRepo from '../channels/channels.repo.js';
import { joined } from '../channels/channels.service.js';
import { recordChanges } from '../feed/feed.repo.js';
import * as messagesRepo from '../messages/messages.repo.js';
import { normalizeEmoji } from '../reactions/emoji.js';
import { findUserById, findUserByUsername, insertUser } from '../users/users.repo.js';
import * as repo from './import.repo.js';
import { readSlackExport, type SlackChannel, type SlackExport, type SlackMessage } from './slack-export.js';
import { slackToMarkdown } from './slack-text.js';

/** Never a valid argon2 hash: an imported person signs in after a reset link, as after a forgotten password. */
const NO_PASSWORD = '!imported-from-slack';
/** What Slack records as a message; joins, topic changes and the like are Parley's own system lines. */
const KEPT_SUBTYPES = new Set([undefined, 'thread_broadcast', 'me_message', 'bot_message', 'file_share']);

type Person = { id: string; bot?: string };

/**
 * Imports a Slack workspace export: its people (matched to Parley accounts by username, else made
 * without a password), public and private channels with their members, topics, messages, threads
 * and reactions, at their original times. Each channel is one transaction; a channel imported before
 * is skipped, so running it again adds nothing.
 */
export async function importSlack(ctx: AppContext, admin: Actor, zip: Uint8Array, address: string) {
  const data = readSlackExport(zip);
  const summary: SlackImportSummary = {
    peopleCreated: 0,
    peopleMatched: 0,
    channels: [],
    skipped: [],
    messages: 0,
    messagesSkipped: 0,
  };
  const people = await importPeople(ctx, data, summary);
  const names = await channelNames(ctx, data.channels);
  for (const channel of data.channels) {
    const name = names.get(channel.id)!;
    if (await repo.findImported(ctx.db, 'channel', channel.id)) {
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
  }
  summary.messagesSkipped += data.unreadable();
  accountChanged(ctx, 'slack_imported', admin.id, null, {
    detail: { channels: summary.channels.length, messages: summary.messages, people: summary.peopleCreated },
    address,
  });
  return summary;
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
    if (before && (await findUserById(ctx.db, before))) {
      people.set(u.id, { id: before });
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
    people.set(u.id, { id });
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
  const id = randomUUID();
  const members = [
    ...new Set((channel.members ?? []).map((m) => people.get(m)?.id).filter((m) => !!m)),
  ] as string[];
  const creator = people.get(channel.creator ?? '')?.id || admin.id;
  const text = {
    user: (slackId: string) => job.people.get(slackId)?.id && usernameFor(job.data, slackId),
    channel: (slackId: string) => job.names.get(slackId),
  };
  let messages = 0;
  let skipped = 0;
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
    const idOfTs = new Map<string, string>();
    const roots = new Set<string>();
    for (const m of job.data.messagesOf(channel)) {
      const body = bodyOf(m, text);
      if (!KEPT_SUBTYPES.has(m.subtype) || !body) {
        skipped++;
        continue;
      }
      const person = m.user ? people.get(m.user) : undefined;
      const by = person?.id ? person.id : admin.id;
      const via = person?.id ? null : { name: m.username || m.bot_profile?.name || person?.bot || 'Slack' };
      const rootId = m.thread_ts && m.thread_ts !== m.ts ? idOfTs.get(m.thread_ts) : undefined;
      const at = new Date(Number(m.ts) * 1000);
      const row = await messagesRepo.importMessageRow(tx, {
        id: randomUUID(),
        channelId: id,
        authorId: by,
        clientId: `slack-${channel.id}-${m.ts}`,
        threadRootId: rootId ?? null,
        alsoInChannel: !!rootId && m.subtype === 'thread_broadcast',
        body,
        via,
        createdAt: at,
        editedAt: m.edited ? new Date(Number(m.edited.ts) * 1000) : null,
      });
      idOfTs.set(m.ts, row.id);
      if (rootId) roots.add(rootId);
      const reactions = (m.reactions ?? []).flatMap((r) => {
        const emoji = normalizeEmoji(`:${r.name.split('::')[0]}:`);
        const userIds = r.users.map((u) => people.get(u)?.id).filter((u) => !!u) as string[];
        return emoji && userIds.length ? [{ emoji, userIds }] : [];
      });
      await repo.insertReactions(tx, row.id, at, reactions);
      messages++;
    }
    for (const rootId of roots) await messagesRepo.recountReplies(tx, rootId);
    await repo.markAllRead(tx, id);
    if (channel.is_archived) await channelsRepo.updateChannel(tx, id, { archivedAt: new Date() });
    await recordChanges(
      tx,
      members.map((userId) => joined(id, userId)),
    );
  });
  return { id, members, messages, skipped };
}

function bodyOf(m: SlackMessage, names: Parameters<typeof slackToMarkdown>[1]): string {
  const text = slackToMarkdown(m.text ?? '', names);
  const files = (m.files ?? []).map((f) => `📎 ${f.title || f.name || 'a file'}`);
  const body = [m.subtype === 'me_message' ? `_${text}_` : text, ...files].join('\n').trim();
  return body.slice(0, LIMITS.bodyMax);
}

function usernameFor(data: SlackExport, slackId: string): string | undefined {
  const u = data.users.find((x) => x.id === slackId);
  return u && usernameOf(u.name, u.id);
}

/** Slack's handle in Parley's alphabet (a-z 0-9 . _ -, 2 to 32), or one made of its id. */
function usernameOf(name: string, slackId: string): string {
  const cleaned = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.usernameMax);
  return Username.safeParse(cleaned).success ? cleaned : `slack-${slackId.toLowerCase()}`.slice(0, 32);
}

function channelName(name: string): string {
  const cleaned = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return ChannelName.safeParse(cleaned).success ? cleaned : 'imported';
}

function displayName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
    .slice(0, LIMITS.displayNameMax);
  return DisplayName.safeParse(cleaned).success ? cleaned : 'Slack user';
}

const topicOf = (c: SlackChannel) =>
  (c.topic?.value || c.purpose?.value || '').trim().slice(0, LIMITS.topicMax);
