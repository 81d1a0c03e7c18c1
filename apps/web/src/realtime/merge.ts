import type { Channel, Message } from '@parley/protocol';

export type MessagePage = { messages: Message[]; hasMoreBefore: boolean };

/** Merges messages by id, sorted by seq; a tombstone or a later edit wins over an older copy. */
export function mergeMessages(existing: Message[], incoming: Message[]): Message[] {
  if (incoming.length === 0) return existing;
  const byId = new Map(existing.map((m) => [m.id, m]));
  for (const m of incoming) {
    const old = byId.get(m.id);
    byId.set(m.id, old && isNewer(old, m) ? old : m);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
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
