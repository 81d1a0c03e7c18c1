import { describe, expect, it } from 'vitest';
import type { Channel, Message } from '@parley/protocol';
import { applyMessage, mergeMessages, noteMessage, setRead, upsertChannel } from './merge';

const msg = (seq: number, extra: Partial<Message> = {}): Message => ({
  id: `m${seq}`,
  channelId: 'c1',
  seq,
  authorId: 'u2',
  clientId: `client-${seq}`,
  body: `body ${seq}`,
  encrypted: null,
  threadRootId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  ...extra,
});

const channel = (extra: Partial<Channel> = {}): Channel => ({
  id: 'c1',
  name: 'general',
  topic: '',
  kind: 'public',
  encrypted: false,
  archivedAt: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSeq: 3,
  keyVersion: 0,
  keyRotationNeeded: false,
  memberCount: 2,
  membership: { role: 'member', lastReadSeq: 3, notify: 'all', unread: 0 },
  ...extra,
});

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

describe('channel list updates', () => {
  it('counts others’ messages as unread unless the channel is being read', () => {
    const list = [channel()];
    expect(noteMessage(list, msg(4), { selfId: 'u1', reading: false })![0]!.membership!.unread).toBe(1);
    expect(noteMessage(list, msg(4), { selfId: 'u1', reading: true })![0]!.membership!.unread).toBe(0);
    expect(
      noteMessage(list, msg(4, { authorId: 'u1' }), { selfId: 'u1', reading: false })![0]!.membership!.unread,
    ).toBe(0);
    expect(noteMessage(list, msg(2), { selfId: 'u1', reading: false })![0]!.membership!.unread).toBe(0);
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

  it('never moves the read marker backwards', () => {
    const read = setRead(
      [channel({ membership: { role: 'member', lastReadSeq: 5, notify: 'all', unread: 2 } })],
      'c1',
      4,
      0,
    )!;
    expect(read[0]!.membership).toMatchObject({ lastReadSeq: 5, unread: 0 });
  });
});
