import { describe, expect, it } from 'vitest';
import { applyEvent, type CacheState, type ServerEvent } from './apply-event';
import type { ThreadPage } from './merge';
import { channel, member, message, user } from '../lib/test-fixtures';

const ctx = { selfId: 'u1', reading: false };
const base = (extra: Partial<CacheState> = {}): CacheState => ({
  channels: [channel()],
  messages: { c1: { messages: [message(1), message(2), message(3)], hasMoreBefore: false } },
  members: { c1: [member('u1'), member('u2')] },
  presence: { u2: 'online' },
  users: [user('u1'), user('u2')],
  session: user('u1'),
  ...extra,
});
const apply = (state: CacheState, ...events: ServerEvent[]) =>
  events.reduce((s, e) => applyEvent(s, e, ctx), state);

describe('applyEvent', () => {
  it('message:created adds the message once and counts it unread, even when replayed', () => {
    const event: ServerEvent = {
      type: 'message:created',
      payload: { cursor: '1.1', channelId: 'c1', seq: 4, message: message(4) },
    };
    const state = apply(base(), event, event);
    expect(state.messages.c1!.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(state.channels![0]).toMatchObject({ lastSeq: 4, membership: { unread: 1 } });
  });

  it('message:created for a channel whose messages are not loaded only updates the list', () => {
    const state = apply(base({ messages: {} }), {
      type: 'message:created',
      payload: { cursor: '1.1', channelId: 'c1', seq: 4, message: message(4) },
    });
    expect(state.messages.c1).toBeUndefined();
    expect(state.channels![0]!.membership!.unread).toBe(1);
  });

  it('message:updated and message:deleted replace the copy by id', () => {
    const edited = message(2, { body: 'edited', editedAt: '2026-01-02T00:00:00.000Z' });
    const deleted = message(3, { body: null, deletedAt: '2026-01-02T00:00:00.000Z' });
    const state = apply(
      base(),
      { type: 'message:updated', payload: { cursor: '1.1', channelId: 'c1', seq: 2, message: edited } },
      { type: 'message:deleted', payload: { cursor: '1.1', channelId: 'c1', seq: 3, message: deleted } },
    );
    expect(state.messages.c1!.messages.map((m) => m.body)).toEqual(['body 1', 'edited', null]);
  });

  it('channel:updated keeps the own membership and adds a channel one was added to', () => {
    const state = apply(
      base(),
      {
        type: 'channel:updated',
        payload: { cursor: '1.1', channelId: 'c1', channel: channel({ topic: 't', membership: null }) },
      },
      {
        type: 'channel:updated',
        payload: { cursor: '1.1', channelId: 'c2', channel: channel({ id: 'c2', name: 'added' }) },
      },
    );
    expect(state.channels!.map((c) => [c.name, c.topic, !!c.membership])).toEqual([
      ['added', '', true],
      ['general', 't', true],
    ]);
  });

  it('keys:changed moves the channel to the new key version and clears the rotation flag', () => {
    const state = {
      messages: {},
      members: {},
      channels: [channel({ encrypted: true, keyVersion: 1, keyRotationNeeded: true })],
    };
    const next = applyEvent(
      state,
      {
        type: 'keys:changed',
        payload: { cursor: '1.1', channelId: 'c1', keyVersion: 2, rotationNeeded: false },
      },
      ctx,
    );
    expect(next.channels?.[0]).toMatchObject({ keyVersion: 2, keyRotationNeeded: false });
    expect(state.channels[0]?.keyVersion).toBe(1);
  });

  it('channel:removed drops the channel, its messages and members', () => {
    const state = apply(base(), {
      type: 'channel:removed',
      payload: { cursor: '1.1', channelId: 'c1', reason: 'removed' },
    });
    expect(state.channels).toEqual([]);
    expect(state.messages.c1).toBeUndefined();
    expect(state.members.c1).toBeUndefined();
  });

  it('member:joined and member:left keep the list and the count right, also when repeated', () => {
    const joined: ServerEvent = {
      type: 'member:joined',
      payload: { cursor: '1.1', channelId: 'c1', member: member('u3') },
    };
    const left: ServerEvent = {
      type: 'member:left',
      payload: { cursor: '1.1', channelId: 'c1', userId: 'u2' },
    };
    const state = apply(base(), joined, joined, left, left);
    expect(state.members.c1!.map((m) => m.user.id)).toEqual(['u1', 'u3']);
    expect(state.channels![0]!.memberCount).toBe(2);
    expect(state.users!.map((u) => u.id)).toContain('u3');
  });

  // Regression: a person added to a channel saw one member too many until a reload.
  it('member:joined about oneself leaves the count the channel came with', () => {
    const self: ServerEvent = {
      type: 'member:joined',
      payload: { cursor: '1.1', channelId: 'c1', member: member('u1') },
    };
    const state = apply(base({ members: {} }), self);
    expect(state.channels![0]!.memberCount).toBe(base().channels![0]!.memberCount);
  });

  it('presence:changed updates a loaded presence map and leaves an unloaded one for GET /presence', () => {
    const event: ServerEvent = { type: 'presence:changed', payload: { userId: 'u2', status: 'away' } };
    expect(apply(base(), event).presence).toEqual({ u2: 'away' });
    expect(apply(base({ presence: undefined }), event).presence).toBeUndefined();
  });

  it('read:updated from another tab sets the read point and counts the server gives', () => {
    const unread = base({
      channels: [
        channel({
          membership: {
            role: 'member',
            lastReadSeq: 1,
            notify: 'all',
            muted: false,
            starred: false,
            unread: 2,
            mentions: 0,
          },
        }),
      ],
    });
    const state = apply(unread, {
      type: 'read:updated',
      payload: { cursor: '1.1', channelId: 'c1', seq: 3, unread: 0, mentions: 0, lastSeq: 3 },
    });
    expect(state.channels![0]!.membership).toMatchObject({ lastReadSeq: 3, unread: 0 });
    // "Mark unread" in another tab moves it back.
    const rewound = apply(state, {
      type: 'read:updated',
      payload: { cursor: '1.2', channelId: 'c1', seq: 1, unread: 2, mentions: 0, lastSeq: 3 },
    });
    expect(rewound.channels![0]!.membership).toMatchObject({ lastReadSeq: 1, unread: 2 });
  });

  it('user:updated renames the user everywhere, including the own session and DM lists', () => {
    const dm = channel({ id: 'd1', kind: 'dm', name: 'dm', dmUsers: [user('u2')] });
    const state = apply(
      base({ channels: [dm] }),
      { type: 'user:updated', payload: { cursor: '1.1', user: user('u2', { displayName: 'Renamed' }) } },
      { type: 'user:updated', payload: { cursor: '1.1', user: user('u1', { displayName: 'Me' }) } },
    );
    expect(state.users!.find((u) => u.id === 'u2')!.displayName).toBe('Renamed');
    expect(state.channels![0]!.dmUsers![0]!.displayName).toBe('Renamed');
    expect(state.session!.displayName).toBe('Me');
  });

  it('typing:started leaves the cache alone', () => {
    const state = base();
    expect(apply(state, { type: 'typing:started', payload: { channelId: 'c1', userId: 'u2' } })).toBe(state);
  });

  it('stale state plus the events equals a fresh fetch', () => {
    const fresh = [message(1), message(2, { body: 'e', editedAt: '2026-01-03T00:00:00.000Z' }), message(4)];
    const stale = base();
    const state = apply(
      stale,
      { type: 'message:created', payload: { cursor: '1.1', channelId: 'c1', seq: 4, message: message(4) } },
      { type: 'message:updated', payload: { cursor: '1.1', channelId: 'c1', seq: 2, message: fresh[1]! } },
      {
        type: 'message:deleted',
        payload: {
          cursor: '1.1',
          channelId: 'c1',
          seq: 3,
          message: message(3, { body: null, deletedAt: '2026-01-03T00:00:00.000Z' }),
        },
      },
      { type: 'message:created', payload: { cursor: '1.1', channelId: 'c1', seq: 4, message: message(4) } },
    );
    expect(state.messages.c1!.messages.filter((m) => !m.deletedAt)).toEqual(fresh);
  });
});

describe('applyEvent for threads and reactions', () => {
  const root = message(1, { id: 'r', replyCount: 0 });
  const page = (): ThreadPage => ({
    root,
    messages: [],
    hasMore: false,
    thread: { rootId: 'r', channelId: 'c1', following: true, lastReadSeq: 0, unread: 0 },
  });
  const withThread = () =>
    base({
      messages: { c1: { messages: [root], hasMoreBefore: false } },
      threadPages: { r: page() },
      threads: [{ thread: page().thread, root }],
    });

  it('puts a thread-only reply in its thread, not in the channel, and does not count it unread', () => {
    const reply = message(2, { id: 'x', threadRootId: 'r' });
    const state = apply(withThread(), {
      type: 'message:created',
      payload: { cursor: '1.1', channelId: 'c1', seq: 2, message: reply },
    });
    expect(state.messages.c1!.messages.map((m) => m.id)).toEqual(['r']);
    expect(state.threadPages!.r!.messages.map((m) => m.id)).toEqual(['x']);
    expect(state.channels![0]).toMatchObject({ lastSeq: 3, membership: { unread: 0 } });
  });

  it('shows a reply also sent to the channel in both', () => {
    const reply = message(4, { id: 'y', threadRootId: 'r', alsoInChannel: true });
    const state = apply(withThread(), {
      type: 'message:created',
      payload: { cursor: '1.1', channelId: 'c1', seq: 4, message: reply },
    });
    expect(state.messages.c1!.messages.map((m) => m.id)).toEqual(['r', 'y']);
    expect(state.threadPages!.r!.messages.map((m) => m.id)).toEqual(['y']);
  });

  it('updates the root in the channel, its thread page and the threads list', () => {
    const counted = { ...root, replyCount: 2 };
    const state = apply(withThread(), {
      type: 'message:updated',
      payload: { cursor: '1.1', channelId: 'c1', seq: 1, message: counted },
    });
    expect(state.messages.c1!.messages[0]!.replyCount).toBe(2);
    expect(state.threadPages!.r!.root.replyCount).toBe(2);
    expect(state.threads![0]!.root.replyCount).toBe(2);
  });

  it('replaces reactions wherever the message is shown', () => {
    const reactions = [{ emoji: '🎉', count: 1, userIds: ['u2'] }];
    const state = apply(withThread(), {
      type: 'reaction:changed',
      payload: { cursor: '1.1', channelId: 'c1', messageId: 'r', reactions },
    });
    expect(state.messages.c1!.messages[0]!.reactions).toEqual(reactions);
    expect(state.threadPages!.r!.root.reactions).toEqual(reactions);
  });

  it('thread:updated moves unread threads first and drops one no longer followed', () => {
    const other = message(5, { id: 'o', lastReplyAt: '2026-02-01T00:00:00.000Z' });
    const state = base({
      threads: [
        { thread: { ...page().thread, rootId: 'o' }, root: other },
        { thread: page().thread, root },
      ],
    });
    const unread = apply(state, {
      type: 'thread:updated',
      payload: { cursor: '1.1', channelId: 'c1', thread: { ...page().thread, unread: 3 } },
    });
    expect(unread.threads!.map((t) => t.root.id)).toEqual(['r', 'o']);
    const unfollowed = apply(unread, {
      type: 'thread:updated',
      payload: { cursor: '1.2', channelId: 'c1', thread: { ...page().thread, following: false } },
    });
    expect(unfollowed.threads!.map((t) => t.root.id)).toEqual(['o']);
  });
});

describe('applyEvent for history retention deleted', () => {
  const old = message(1);
  const oldThread = message(2, { replyCount: 1 });
  const oldReply = message(3, { threadRootId: 'm2', alsoInChannel: true });
  const liveThread = message(4, { replyCount: 1 });
  const replyOffPage = message(5, { threadRootId: 'm0', alsoInChannel: true });
  const fresh = message(6);
  const thread = (root: typeof old): ThreadPage => ({
    root,
    messages: [],
    hasMore: false,
    thread: { rootId: root.id, channelId: 'c1', following: true, lastReadSeq: 0, unread: 0 },
  });
  const pruned = (rootIds: string[], channelId = 'c1'): ServerEvent => ({
    type: 'history:pruned',
    payload: { channelId, rootIds, cursor: '1.1' },
  });

  it('drops the roots it names, with their replies, from the channel, thread pages and the threads list', () => {
    const state = apply(
      base({
        messages: {
          c1: { messages: [old, oldThread, oldReply, liveThread, replyOffPage, fresh], hasMoreBefore: true },
        },
        threadPages: { m2: thread(oldThread), m4: thread(liveThread) },
        threads: [
          { thread: thread(oldThread).thread, root: oldThread },
          { thread: thread(liveThread).thread, root: liveThread },
        ],
      }),
      // m0 is older than the page: its reply sent to the channel goes with it all the same.
      pruned(['m0', 'm1', 'm2']),
    );
    expect(state.messages.c1!.messages.map((m) => m.id)).toEqual(['m4', 'm6']);
    expect(state.threadPages).toEqual({ m2: undefined, m4: thread(liveThread) });
    expect(state.threads!.map((e) => e.root.id)).toEqual(['m4']);
  });

  it('leaves other channels alone, and a page that loses nothing stays the same object', () => {
    const page = { messages: [old, fresh], hasMoreBefore: false };
    expect(apply(base({ messages: { c1: page } }), pruned(['m9'])).messages.c1).toBe(page);
    expect(apply(base({ messages: { c1: page } }), pruned(['m1'], 'c2')).messages.c1).toBe(page);
  });
});
