import { describe, expect, it } from 'vitest';
import type { FeedChange } from '@parley/protocol';
import { applyEvent, type CacheState, type ServerEvent } from './apply-event';
import { appendNewer, applyMessage, type MessagePage } from './merge';
import { channel, message } from '../lib/test-fixtures';

const ctx = { selfId: 'u1', reading: false };
// Seqs 40..42 of a channel whose newest is far beyond: opened at a link or the first unread.
const windowPage = (): MessagePage => ({
  messages: [message(40), message(41), message(42)],
  hasMoreBefore: true,
  hasMoreAfter: true,
});
const created = (seq: number): ServerEvent => ({
  type: 'message:created',
  payload: { cursor: `1.${seq}`, channelId: 'c1', seq, message: message(seq) },
});
const state = (page: MessagePage): CacheState => ({
  channels: [channel({ lastSeq: 42 })],
  messages: { c1: page },
  members: {},
});
const seqs = (s: CacheState) => s.messages.c1!.messages.map((m) => m.seq);

describe('a page that does not reach the newest messages', () => {
  it('does not append a new message as if it followed the window', () => {
    expect(applyMessage(windowPage(), message(300))!.messages.map((m) => m.seq)).toEqual([40, 41, 42]);
  });

  it('does not take newest messages from live events or the sync feed, yet counts them unread', () => {
    const change = { ...created(301), type: 'message:created' } as FeedChange;
    const next = [created(300), change].reduce((s, e) => applyEvent(s, e, ctx), state(windowPage()));
    expect(seqs(next)).toEqual([40, 41, 42]);
    expect(next.channels![0]).toMatchObject({ lastSeq: 301, membership: { unread: 2 } });
  });

  it('still takes edits and deletes of the messages it shows', () => {
    const deleted = message(41, { body: null, deletedAt: '2026-01-02T00:00:00.000Z' });
    const next = applyEvent(
      state(windowPage()),
      { type: 'message:deleted', payload: { cursor: '1.9', channelId: 'c1', seq: 41, message: deleted } },
      ctx,
    )!;
    expect(next.messages.c1!.messages[1]!.deletedAt).not.toBeNull();
  });

  it('appends newer pages and, once at the newest, takes live messages again', () => {
    let page = appendNewer(windowPage(), [message(43), message(44)], true)!;
    expect(page.hasMoreAfter).toBe(true);
    page = appendNewer(page, [message(45)], false)!;
    expect(applyMessage(page, message(46))!.messages.map((m) => m.seq)).toEqual([40, 41, 42, 43, 44, 45, 46]);
  });

  it('a page at the newest appends as before', () => {
    const page = { messages: [message(1)], hasMoreBefore: false };
    expect(applyMessage(page, message(2))!.messages.map((m) => m.seq)).toEqual([1, 2]);
  });
});
