import { describe, expect, it } from 'vitest';
import {
  applyMessage,
  isPending,
  mergeMessages,
  noteMessage,
  placeSent,
  placeSentInThread,
  setRead,
  totalUnread,
  unreadState,
  upsertChannel,
  type PendingMessage,
} from './merge';
import { channel, message } from '../lib/test-fixtures';

const msg = message;

describe('mergeMessages', () => {
  it('merges by id, sorts by seq and never doubles', () => {
    const merged = mergeMessages([msg(1), msg(3)], [msg(2), msg(3), msg(1)]);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('keeps a tombstone over a stale copy and takes a later edit', () => {
    const deleted = msg(1, { body: null, deletedAt: '2026-01-02T00:00:00.000Z' });
    expect(mergeMessages([deleted], [msg(1)])[0]!.deletedAt).not.toBeNull();
    const edited = msg(2, { body: 'new', editedAt: '2026-01-02T00:00:00.000Z' });
    expect(mergeMessages([edited], [msg(2)])[0]!.body).toBe('new');
    expect(mergeMessages([msg(2)], [edited])[0]!.body).toBe('new');
  });

  it('gives the same result when events are applied to stale state as a fresh fetch', () => {
    const fresh = [msg(1), msg(2, { body: 'edited', editedAt: '2026-01-03T00:00:00.000Z' }), msg(3)];
    let state = { messages: [msg(1)], hasMoreBefore: false };
    for (const event of [msg(3), msg(2), fresh[1]!]) state = applyMessage(state, event)!;
    expect(state.messages).toEqual(fresh);
  });
});

describe('mergeMessages with pending sends', () => {
  const pending = (clientId: string, status: PendingMessage['status'] = 'pending'): PendingMessage => ({
    clientId,
    channelId: 'c1',
    body: `text ${clientId}`,
    createdAt: '2026-01-01T00:00:01.000Z',
    status,
  });

  it('keeps pending sends after the sent ones, in the order they were made', () => {
    const merged = mergeMessages([msg(2), pending('b'), msg(1)], [pending('c')]);
    expect(merged.map((m) => (isPending(m) ? m.clientId : m.seq))).toEqual([1, 2, 'b', 'c']);
  });

  it('replaces a pending send by the server message with the same clientId', () => {
    const sent = msg(3, { clientId: 'b' });
    const merged = mergeMessages([msg(1), pending('a'), pending('b')], [sent]);
    expect(merged.map((m) => (isPending(m) ? m.clientId : m.id))).toEqual(['m1', 'm3', 'a']);
  });

  it('never shows a message twice when message:created arrives before the POST answer', () => {
    const sent = msg(4, { clientId: 'x' });
    const afterEvent = mergeMessages([pending('x')], [sent]);
    const afterResponse = mergeMessages(afterEvent, [sent]);
    expect(afterResponse).toEqual([sent]);
    // A stale pending copy showing up again (another tab's outbox) is still hidden by the sent one.
    expect(mergeMessages(afterResponse, [pending('x')])).toEqual([sent]);
  });

  it('a send’s answer arriving after its newer live copy (its link previews) does not put the older copy back', () => {
    const answer = msg(4, { clientId: 'x' });
    const previewed = {
      ...answer,
      previews: [
        { url: 'https://a.example/', title: 'A', description: null, siteName: null, imageUrl: null },
      ],
    };
    const page = { messages: [msg(1), previewed], hasMoreBefore: false, hasMoreAfter: false };
    expect(placeSent(page, answer)?.messages.at(-1)).toBe(previewed);
    // Alone, the answer still places the message.
    expect(placeSent({ ...page, messages: [msg(1)] }, answer)?.messages.at(-1)).toEqual(answer);
    const thread = { root: msg(1), messages: [previewed], hasMoreBefore: false };
    expect(placeSentInThread(thread as never, answer)).toBe(thread);
  });

  it('lets a retried send keep its place and take its new status', () => {
    const merged = mergeMessages([pending('a', 'failed'), pending('b')], [pending('a')]);
    expect(merged.map((m) => [(m as PendingMessage).clientId, (m as PendingMessage).status])).toEqual([
      ['a', 'pending'],
      ['b', 'pending'],
    ]);
  });
});

describe('channel list updates', () => {
  it('counts others’ messages as unread unless the channel is being read', () => {
    const list = [channel()];
    expect(noteMessage(list, msg(4), { selfId: 'u1', reading: false })![0]!.membership!.unread).toBe(1);
    expect(noteMessage(list, msg(4), { selfId: 'u1', reading: true })![0]!.membership!.unread).toBe(0);
    // A system line ("Bob joined") raises lastSeq and counts as nothing.
    const line = { ...msg(4), body: null, system: { type: 'joined' as const } };
    const noted = noteMessage(list, line, { selfId: 'u1', selfName: 'me', reading: false })![0]!;
    expect(noted.lastSeq).toBe(4);
    expect(noted.membership).toMatchObject({ unread: 0, mentions: 0 });
    expect(
      noteMessage(list, msg(4, { authorId: 'u1' }), { selfId: 'u1', reading: false })![0]!.membership!.unread,
    ).toBe(0);
    expect(noteMessage(list, msg(2), { selfId: 'u1', reading: false })![0]!.membership!.unread).toBe(0);
    // A webhook posts as its adder, and its messages are unread for them as for anyone.
    const fromWebhook = msg(4, { authorId: 'u1', via: { webhookId: 'w1', name: 'CI' } });
    expect(noteMessage(list, fromWebhook, { selfId: 'u1', reading: false })![0]!.membership!.unread).toBe(1);
  });

  it('counts a message that mentions the reader, by name or as @here, as a mention too', () => {
    const list = [channel()];
    const ctx = { selfId: 'u1', selfName: 'ann.b', reading: false };
    const counts = (body: string) => noteMessage(list, msg(4, { body }), ctx)![0]!.membership!;
    expect(counts('hey @ann.b, look')).toMatchObject({ unread: 1, mentions: 1 });
    expect(counts('@here standup')).toMatchObject({ unread: 1, mentions: 1 });
    expect(counts('ann.b@example.com')).toMatchObject({ unread: 1, mentions: 0 });
    expect(counts('@annxb')).toMatchObject({ unread: 1, mentions: 0 });
  });

  it('keeps the own membership when a shared update carries none, and adds channels one joined', () => {
    const updated = upsertChannel([channel()], channel({ topic: 'new', membership: null }))!;
    expect(updated[0]!.topic).toBe('new');
    expect(updated[0]!.membership).not.toBeNull();
    expect(upsertChannel([channel()], channel({ id: 'c2', name: 'a' }))!.map((c) => c.id)).toEqual([
      'c2',
      'c1',
    ]);
    expect(upsertChannel([channel()], channel({ id: 'c3', membership: null }))).toHaveLength(1);
  });

  it('moves the read marker back only when told the exact point (an event, Mark unread)', () => {
    const rooms = [
      channel({
        membership: {
          role: 'member',
          lastReadSeq: 5,
          notify: 'all',
          muted: false,
          starred: false,
          unread: 2,
          mentions: 0,
        },
      }),
    ];
    const read = setRead(rooms, 'c1', 4, { unread: 0, mentions: 0, lastSeq: 5 })!;
    expect(read[0]!.membership).toMatchObject({ lastReadSeq: 5, unread: 0 });
    const rewound = setRead(rooms, 'c1', 3, { unread: 2, mentions: 1, lastSeq: 5 }, true)!;
    expect(rewound[0]!.membership).toMatchObject({ lastReadSeq: 3, unread: 2, mentions: 1 });
  });

  // A read's counts taken after a new message was stored, its event still on the way: the badge said one more.
  it('does not count again a message the read counts already cover', () => {
    const rooms = [
      channel({
        lastSeq: 40,
        membership: {
          role: 'member',
          lastReadSeq: 40,
          notify: 'all',
          muted: false,
          starred: false,
          unread: 0,
          mentions: 0,
        },
      }),
    ];
    const read = setRead(rooms, 'c1', 40, { unread: 1, mentions: 0, lastSeq: 41 }, true);
    const late = noteMessage(read, message(41), { selfId: 'u1', reading: false });
    const next = noteMessage(late, message(42), { selfId: 'u1', reading: false });
    expect(next![0]!.membership!.unread).toBe(2);
  });
});

describe('unreadState and totalUnread', () => {
  const m = (
    unread: number,
    mentions: number,
    notify: 'all' | 'mentions' | 'none' = 'all',
    muted = false,
  ) => ({
    role: 'member' as const,
    lastReadSeq: 0,
    notify,
    muted,
    starred: false,
    unread,
    mentions,
  });

  it('counts what each notification level asks for, bold while anything is unread unless muted', () => {
    expect(unreadState(channel({ membership: m(5, 1) }))).toEqual({ badge: 5, bold: true });
    expect(unreadState(channel({ membership: m(5, 1, 'mentions') }))).toEqual({ badge: 1, bold: true });
    expect(unreadState(channel({ membership: m(5, 0, 'mentions') }))).toEqual({ badge: 0, bold: true });
    // Regression: "Nothing" left the badge.
    expect(unreadState(channel({ membership: m(5, 2, 'none') }))).toEqual({ badge: 0, bold: true });
    // Muted: out of bold, the mention badge kept.
    expect(unreadState(channel({ membership: m(5, 0, 'all', true) }))).toEqual({ badge: 0, bold: false });
    expect(unreadState(channel({ membership: m(5, 2, 'all', true) }))).toEqual({ badge: 2, bold: true });
    expect(unreadState(channel({ membership: null }))).toEqual({ badge: 0, bold: false });
  });

  it('adds up the badges of joined channels for the tab title', () => {
    expect(
      totalUnread([
        channel({ membership: m(2, 0) }),
        channel({ id: 'c2', membership: m(5, 1, 'none') }),
        channel({ id: 'c3', membership: null }),
        channel({ id: 'c4', membership: m(4, 1, 'mentions') }),
        channel({ id: 'c5', membership: m(3, 0, 'all', true) }),
      ]),
    ).toBe(3);
    expect(totalUnread(undefined)).toBe(0);
  });
});
