import { describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { dayLabel, groupMessages, stableRows } from './group-messages';

const at = (seq: number, createdAt: string, authorId = 'a'): Message => ({
  id: `m${seq}`,
  channelId: 'c',
  seq,
  authorId,
  clientId: `c${seq}`,
  body: 'x',
  encrypted: null,
  threadRootId: null,
  createdAt,
  editedAt: null,
  deletedAt: null,
  alsoInChannel: false,
  replyCount: 0,
  lastReplyAt: null,
  replyUserIds: [],
  reactions: [],
  files: [],
  pinnedAt: null,
  pinnedBy: null,
  system: null,
});

describe('groupMessages', () => {
  const now = new Date('2026-03-10T12:00:00');
  it("starts a new run where a webhook's message follows its adder's own, or another webhook's", () => {
    const via = (m: Message, webhookId: string, name: string): Message => ({
      ...m,
      via: { webhookId, name },
    });
    const rows = groupMessages(
      [
        at(1, '2026-03-10T09:00:00'),
        via(at(2, '2026-03-10T09:00:10'), 'w1', 'CI'),
        via(at(3, '2026-03-10T09:00:20'), 'w1', 'CI'),
        via(at(4, '2026-03-10T09:00:30'), 'w2', 'Alerts'),
        via(at(5, '2026-03-10T09:00:40'), 'w2', 'Release'),
        at(6, '2026-03-10T09:00:50'),
      ],
      { now },
    );
    expect(rows.map((r) => r.head)).toEqual([true, true, false, true, true, true]);
  });

  it('adds a day separator when the day changes and groups runs by author', () => {
    const rows = groupMessages(
      [
        at(1, '2026-03-09T10:00:00'),
        at(2, '2026-03-10T09:00:00'),
        at(3, '2026-03-10T09:01:00'),
        at(4, '2026-03-10T09:02:00', 'b'),
        at(5, '2026-03-10T09:30:00', 'b'),
      ],
      { now },
    );
    expect(rows.map((r) => r.day)).toEqual(['Yesterday', 'Today', undefined, undefined, undefined]);
    expect(rows.map((r) => r.head)).toEqual([true, true, false, true, true]);
  });

  it('marks the first unread message from someone else once', () => {
    const rows = groupMessages(
      [
        at(1, '2026-03-10T09:00:00'),
        at(2, '2026-03-10T09:01:00', 'me'),
        at(3, '2026-03-10T09:02:00'),
        at(4, '2026-03-10T09:03:00'),
      ],
      { unreadAfter: 1, selfId: 'me', now },
    );
    expect(rows.map((r) => r.firstUnread)).toEqual([false, false, true, false]);
  });

  it('never starts the new-messages line on a system line, and a system line breaks an author run', () => {
    const line = (seq: number, createdAt: string, authorId = 'a') => ({
      ...at(seq, createdAt, authorId),
      body: null,
      system: { type: 'topic' as const, topic: 'x' },
    });
    const rows = groupMessages(
      [
        at(1, '2026-03-10T09:00:00'),
        line(2, '2026-03-10T09:01:00'),
        at(3, '2026-03-10T09:02:00'),
        at(4, '2026-03-10T09:03:00'),
      ],
      { unreadAfter: 1, selfId: 'me', now },
    );
    expect(rows.map((r) => r.firstUnread)).toEqual([false, false, true, false]);
    expect(rows.map((r) => r.head)).toEqual([true, true, true, false]);
    expect(rows.map((r) => !!r.lines)).toEqual([false, true, false, false]);
  });

  it('collapses joins in a row into one row keyed by the newest, but not across a leave or a day', () => {
    const line = (seq: number, createdAt: string, authorId: string, type: 'joined' | 'left') => ({
      ...at(seq, createdAt, authorId),
      body: null,
      system: { type },
    });
    const rows = groupMessages(
      [
        line(1, '2026-03-09T23:59:00', 'a', 'joined'),
        line(2, '2026-03-10T09:00:00', 'b', 'joined'),
        line(3, '2026-03-10T09:01:00', 'c', 'joined'),
        line(4, '2026-03-10T09:02:00', 'd', 'joined'),
        line(5, '2026-03-10T09:03:00', 'b', 'left'),
        line(6, '2026-03-10T09:04:00', 'e', 'joined'),
      ],
      { now },
    );
    expect(rows.map((r) => r.lines!.map((m) => m.seq))).toEqual([[1], [2, 3, 4], [5], [6]]);
    expect(rows.map((r) => r.message.seq)).toEqual([1, 4, 5, 6]);
    expect(rows.map((r) => r.day)).toEqual(['Yesterday', 'Today', undefined, undefined]);
  });

  it('labels older days by weekday and date', () => {
    expect(dayLabel('2026-03-02T10:00:00', now)).toMatch(/2/);
  });
});

describe('stableRows', () => {
  it('keeps the rows of messages already shown when a new one arrives, so they are not drawn again', () => {
    const first = [at(1, '2026-03-02T10:00:00Z'), at(2, '2026-03-02T10:01:00Z')];
    const before = stableRows(groupMessages(first));
    const after = stableRows(groupMessages([...first, at(3, '2026-03-02T10:02:00Z', 'b')]));
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[2]!.message.seq).toBe(3);
  });

  it('gives a new row where the message or its place in a run changed', () => {
    const one = at(1, '2026-03-02T10:00:00Z');
    const two = at(2, '2026-03-02T10:01:00Z');
    const before = stableRows(groupMessages([one, two]));
    const edited = { ...two, body: 'edited' };
    const afterEdit = stableRows(groupMessages([one, edited]));
    expect(afterEdit[0]).toBe(before[0]);
    expect(afterEdit[1]).not.toBe(before[1]);
    expect(afterEdit[1]!.message.body).toBe('edited');
    // The first unread line moves onto the second row: that row changes, the first does not.
    const unread = stableRows(groupMessages([one, edited], { unreadAfter: 1, selfId: 'me' }));
    expect(unread[0]).toBe(before[0]);
    expect(unread[1]!.firstUnread).toBe(true);
    expect(unread[1]).not.toBe(afterEdit[1]);
  });
});
