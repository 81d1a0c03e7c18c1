import { describe, expect, it } from 'vitest';
import type { Draft } from '@parley/protocol';
import { applyEvent, type CacheState } from './apply-event';

const draft = (channelId: string, body: string, threadRootId: string | null = null): Draft => ({
  channelId,
  threadRootId,
  body,
  encrypted: null,
  updatedAt: '2026-11-24T10:00:00.000Z',
});
const state = (drafts?: Draft[]): CacheState => ({ messages: {}, members: {}, drafts });
const ctx = { selfId: 'u1', reading: false };
const updated = (channelId: string, threadRootId: string | null, next: Draft | null) =>
  ({ type: 'draft:updated', payload: { channelId, threadRootId, draft: next, cursor: 'c' } }) as const;

describe('draft events', () => {
  it('puts a saved draft first and replaces the one in the same place', () => {
    const before = state([draft('c1', 'old'), draft('c2', 'other')]);
    const after = applyEvent(before, updated('c1', null, draft('c1', 'new')), ctx);
    expect(after.drafts?.map((d) => d.body)).toEqual(['new', 'other']);
  });

  it('keeps a thread draft apart from its channel draft', () => {
    const before = state([draft('c1', 'channel')]);
    const after = applyEvent(before, updated('c1', 'r1', draft('c1', 'thread', 'r1')), ctx);
    expect(after.drafts?.map((d) => d.body)).toEqual(['thread', 'channel']);
  });

  it('removes a sent draft, and applying it again changes nothing', () => {
    const before = state([draft('c1', 'channel'), draft('c1', 'thread', 'r1')]);
    const once = applyEvent(before, updated('c1', 'r1', null), ctx);
    expect(once.drafts?.map((d) => d.body)).toEqual(['channel']);
    expect(applyEvent(once, updated('c1', 'r1', null), ctx)).toEqual(once);
  });

  it('leaves drafts unloaded until the first load', () => {
    expect(applyEvent(state(), updated('c1', null, draft('c1', 'x')), ctx).drafts).toBeUndefined();
  });

  it('drops the drafts of a channel the user left', () => {
    const before = state([draft('c1', 'a'), draft('c2', 'b')]);
    const event = {
      type: 'channel:removed',
      payload: { channelId: 'c1', reason: 'left', cursor: 'c' },
    } as const;
    expect(applyEvent(before, event, ctx).drafts?.map((d) => d.body)).toEqual(['b']);
  });
});
