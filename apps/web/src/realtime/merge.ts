import type { Channel, Message } from '@parley/protocol';
import type { OutboxItem } from './outbox';

export type MessagePage = { messages: Message[]; hasMoreBefore: boolean };

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

export function applyMessage(page: MessagePage | undefined, message: Message): MessagePage | undefined {
  if (!page) return page;
  return { ...page, messages: mergeMessages(page.messages, [message]) };
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

/** A new message raises lastSeq, and unread for others' messages in a channel not being read. */
export function noteMessage(
  channels: Channel[] | undefined,
  message: Message,
  opts: { selfId: string; reading: boolean },
): Channel[] | undefined {
  return channels?.map((c) => {
    if (c.id !== message.channelId || message.seq <= c.lastSeq) return c;
    const counts = !opts.reading && message.authorId !== opts.selfId && c.membership;
    return {
      ...c,
      lastSeq: message.seq,
      membership: counts ? { ...c.membership!, unread: c.membership!.unread + 1 } : c.membership,
    };
  });
}

export function setRead(
  channels: Channel[] | undefined,
  channelId: string,
  seq: number,
  unread: number,
): Channel[] | undefined {
  return channels?.map((c) =>
    c.id === channelId && c.membership
      ? {
          ...c,
          membership: { ...c.membership, lastReadSeq: Math.max(seq, c.membership.lastReadSeq), unread },
        }
      : c,
  );
}

function sortChannels(channels: Channel[]): Channel[] {
  return [...channels].sort((a, b) => a.name.localeCompare(b.name) || a.createdAt.localeCompare(b.createdAt));
}

/** Unread messages across joined channels, muted ones ("none") left out: for the tab title. */
export function totalUnread(channels: Channel[] | undefined): number {
  return (channels ?? []).reduce(
    (sum, c) => sum + (c.membership && c.membership.notify !== 'none' ? c.membership.unread : 0),
    0,
  );
}
