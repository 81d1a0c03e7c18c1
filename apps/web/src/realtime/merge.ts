import type { Channel, Message, Reaction, ThreadState, ThreadsResponse } from '@parley/protocol';
import { mentionsUser } from '@parley/protocol/client';
import type { OutboxItem } from './outbox';
import { isOwnMessage } from '../lib/own-message';

/** hasMoreAfter: a window into history (a link, the first unread) that does not reach the newest. */
export type MessagePage = { messages: Message[]; hasMoreBefore: boolean; hasMoreAfter?: boolean };
export type ThreadPage = { root: Message; messages: Message[]; hasMore: boolean; thread: ThreadState };
export type ThreadEntry = ThreadsResponse['threads'][number];

/** Thread replies show in the channel only when they were also sent there. */
export const inChannel = (m: Message) => !m.threadRootId || m.alsoInChannel;

/** A send not yet acknowledged: it has a clientId but no id or seq. */
export type PendingMessage = OutboxItem;
export type ListEntry = Message | PendingMessage;

export const isPending = (entry: ListEntry): entry is PendingMessage => !('seq' in entry);

/**
 * Merges by id, sorted by seq; a tombstone or a later edit wins over an older copy.
 * Pending sends follow, in order, keyed by clientId; a server message with the same clientId replaces one.
 */
export function mergeMessages(existing: Message[], incoming: Message[]): Message[];
export function mergeMessages(existing: ListEntry[], incoming: ListEntry[]): ListEntry[];
export function mergeMessages(existing: ListEntry[], incoming: ListEntry[]): ListEntry[] {
  if (incoming.length === 0 && !existing.some(isPending)) return existing;
  const sent = new Map<string, Message>();
  const pending = new Map<string, PendingMessage>();
  for (const entry of [...existing, ...incoming]) {
    if (isPending(entry)) {
      pending.set(entry.clientId, entry);
    } else {
      const old = sent.get(entry.id);
      sent.set(entry.id, old && isNewer(old, entry) ? old : entry);
    }
  }
  const messages = [...sent.values()].sort((a, b) => a.seq - b.seq);
  const acknowledged = new Set(messages.map((m) => m.clientId));
  return [...messages, ...[...pending.values()].filter((p) => !acknowledged.has(p.clientId))];
}

function isNewer(a: Message, b: Message): boolean {
  if (a.deletedAt && !b.deletedAt) return true;
  if (b.deletedAt) return false;
  return (a.editedAt ?? '') > (b.editedAt ?? '');
}

export function lastSeqOf(page: MessagePage | undefined): number {
  return page?.messages.at(-1)?.seq ?? 0;
}

/** A window short of the newest takes edits inside it, never newer messages: they are not contiguous. */
export function applyMessage(page: MessagePage | undefined, message: Message): MessagePage | undefined {
  if (!page || !inChannel(message)) return page;
  if (page.hasMoreAfter && message.seq > lastSeqOf(page)) return page;
  return { ...page, messages: mergeMessages(page.messages, [message]) };
}

/**
 * A send's own answer: placed only when the socket has not brought the message already, whose copy
 * may be newer (its link previews, a reaction) than the answer, which left the server first.
 */
export function placeSent(page: MessagePage | undefined, message: Message): MessagePage | undefined {
  return page?.messages.some((m) => m.id === message.id) ? page : applyMessage(page, message);
}

export function placeSentInThread(page: ThreadPage | undefined, message: Message): ThreadPage | undefined {
  return page?.messages.some((m) => m.id === message.id) ? page : applyToThread(page, message);
}

/** A newer page joins the end of a window; it reaches the newest when the server has nothing beyond. */
export function appendNewer(
  page: MessagePage | undefined,
  newer: Message[],
  hasMoreAfter: boolean,
): MessagePage | undefined {
  return page && { ...page, messages: mergeMessages(page.messages, newer), hasMoreAfter };
}

/** A thread page takes its root's new state and its replies, merged by id like the channel. */
export function applyToThread(page: ThreadPage | undefined, message: Message): ThreadPage | undefined {
  if (!page) return page;
  if (message.id === page.root.id) return { ...page, root: mergeMessages([page.root], [message])[0]! };
  if (message.threadRootId !== page.root.id) return page;
  return { ...page, messages: mergeMessages(page.messages, [message]) };
}

/** Replaces one message's reactions wherever it is in a list; the same list back when it is not there. */
export function setReactions(messages: Message[], messageId: string, reactions: Reaction[]): Message[] {
  const index = messages.findIndex((m) => m.id === messageId);
  if (index === -1) return messages;
  return messages.map((m, i) => (i === index ? { ...m, reactions } : m));
}

/** Followed threads, unread first, then the newest reply first. */
export function upsertThread(
  entries: ThreadEntry[] | undefined,
  thread: ThreadState,
  root?: Message,
): ThreadEntry[] | undefined {
  if (!entries) return entries;
  const old = entries.find((e) => e.thread.rootId === thread.rootId);
  const rest = entries.filter((e) => e.thread.rootId !== thread.rootId);
  const next = old || root ? { thread, root: root ?? old!.root } : undefined;
  return sortThreads(next && thread.following ? [...rest, next] : rest);
}

export function sortThreads(entries: ThreadEntry[]): ThreadEntry[] {
  const last = (e: ThreadEntry) => e.root.lastReplyAt ?? e.root.createdAt;
  return [...entries].sort(
    (a, b) => Number(b.thread.unread > 0) - Number(a.thread.unread > 0) || last(b).localeCompare(last(a)),
  );
}

/** Shared fields from an event; each client keeps its own membership unless the event carries one. */
export function upsertChannel(channels: Channel[] | undefined, channel: Channel): Channel[] | undefined {
  if (!channels) return channels;
  const index = channels.findIndex((c) => c.id === channel.id);
  if (index === -1) return channel.membership ? sortChannels([...channels, channel]) : channels;
  const old = channels[index]!;
  const next = { ...old, ...channel, membership: channel.membership ?? old.membership };
  return sortChannels(channels.map((c, i) => (i === index ? next : c)));
}

export function removeChannel(channels: Channel[] | undefined, channelId: string): Channel[] | undefined {
  return channels?.filter((c) => c.id !== channelId);
}

/** A new message raises lastSeq, and unread for others' messages (never system lines) in a channel not being read. */
export function noteMessage(
  channels: Channel[] | undefined,
  message: Message,
  opts: { selfId: string; selfName?: string; selfGroups?: string[]; reading: boolean },
): Channel[] | undefined {
  return channels?.map((c) => {
    if (c.id !== message.channelId || message.seq <= c.lastSeq) return c;
    const counts =
      !opts.reading &&
      !isOwnMessage(message, opts.selfId) &&
      !message.system &&
      inChannel(message) &&
      c.membership;
    if (!counts) return { ...c, lastSeq: message.seq };
    const mentioned = !!opts.selfName && mentionsUser(message.body, opts.selfName, opts.selfGroups);
    const { unread, mentions } = c.membership!;
    return {
      ...c,
      lastSeq: message.seq,
      membership: { ...c.membership!, unread: unread + 1, mentions: mentions + (mentioned ? 1 : 0) },
    };
  });
}

/**
 * The read point and counts after a read. `exact` takes `seq` as it is, backwards too: the server's word
 * (an event, or "Mark unread"). Otherwise the point only moves forward, as answers to reads may cross.
 */
export function setRead(
  channels: Channel[] | undefined,
  channelId: string,
  seq: number,
  counts: { unread: number; mentions: number; lastSeq: number },
  exact = false,
): Channel[] | undefined {
  return channels?.map((c) =>
    c.id === channelId && c.membership
      ? {
          ...c,
          // The counts cover messages up to their lastSeq: an event for one of those must not count it again.
          lastSeq: Math.max(c.lastSeq, counts.lastSeq),
          membership: {
            ...c.membership,
            lastReadSeq: exact ? seq : Math.max(seq, c.membership.lastReadSeq),
            unread: counts.unread,
            mentions: counts.mentions,
          },
        }
      : c,
  );
}

function sortChannels(channels: Channel[]): Channel[] {
  return [...channels].sort((a, b) => a.name.localeCompare(b.name) || a.createdAt.localeCompare(b.createdAt));
}

/**
 * What the sidebar shows for a channel: a count of what its notification level asks for (everything,
 * mentions, or nothing) and bold while anything is unread, except when muted, where only mentions count.
 */
export function unreadState(channel: Channel): { badge: number; bold: boolean } {
  const m = channel.membership;
  if (!m) return { badge: 0, bold: false };
  const wanted = m.notify === 'all' && !m.muted ? m.unread : m.notify === 'none' ? 0 : m.mentions;
  return { badge: wanted, bold: wanted > 0 || (!m.muted && m.unread > 0) };
}

/** The counts of every joined channel's badge: for the tab title and icon. */
export function totalUnread(channels: Channel[] | undefined): number {
  return (channels ?? []).reduce((sum, c) => sum + unreadState(c).badge, 0);
}

/** A channel's page without what retention deleted: these roots and channel messages, with their replies. */
export function pruneMessages(page: MessagePage, rootIds: ReadonlySet<string>): MessagePage {
  const messages = page.messages.filter((m) => !rootIds.has(m.id) && !rootIds.has(m.threadRootId ?? ''));
  return messages.length === page.messages.length ? page : { ...page, messages };
}
