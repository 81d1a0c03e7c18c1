import { describe, expect, it } from 'vitest';
import type { Channel } from '@parley/protocol';
import { channel, message } from '../lib/test-fixtures';
import { shouldNotify, type NotifyContext } from './notify-rules';

const ctx: NotifyContext = {
  selfId: 'u1',
  selfName: 'ann',
  watchingChannelId: undefined,
  following: (id) => id === 'followed',
};
const withLevel = (notify: 'all' | 'mentions' | 'none', muted = false, extra: Partial<Channel> = {}) =>
  channel({
    ...extra,
    membership: { role: 'member', lastReadSeq: 0, notify, muted, starred: false, unread: 0, mentions: 0 },
  });
const decide = (text: string, c: Channel, extra = {}, context = ctx) =>
  shouldNotify(message(5, { body: text, ...extra }), text, c, context);

describe('shouldNotify', () => {
  it('follows the channel level: everything, mentions only, or nothing', () => {
    expect(decide('hello', withLevel('all'))).toBe(true);
    expect(decide('hello', withLevel('mentions'))).toBe(false);
    expect(decide('hi @ann', withLevel('mentions'))).toBe(true);
    expect(decide('@here deploy', withLevel('mentions'))).toBe(true);
    // Regression: "Mentions only" had no effect, "Nothing" still notified.
    expect(decide('hi @ann', withLevel('none'))).toBe(false);
  });

  it('counts a mention of a user group the user is in, decrypted text included, and no other group', () => {
    const inDesign = { ...ctx, selfGroups: ['design'] };
    expect(decide('@design review please', withLevel('mentions'), {}, inDesign)).toBe(true);
    expect(decide('@design review please', withLevel('mentions', true), { encrypted: null }, inDesign)).toBe(
      true,
    );
    expect(decide('@ops review please', withLevel('mentions'), {}, inDesign)).toBe(false);
    expect(decide('@design review please', withLevel('mentions'))).toBe(false);
  });

  it("notifies a webhook's adder of what it posts, though they are its author", () => {
    const via = { webhookId: 'w1', name: 'CI' };
    expect(decide('Build failed @ann', withLevel('mentions'), { authorId: 'u1', via })).toBe(true);
    expect(decide('Build failed @ann', withLevel('mentions'), { authorId: 'u1' })).toBe(false);
  });

  it('notifies every DM, and in a muted channel only mentions', () => {
    expect(decide('psst', withLevel('mentions', false, { kind: 'dm' }))).toBe(true);
    expect(decide('hello', withLevel('all', true))).toBe(false);
    expect(decide('@ann look', withLevel('all', true))).toBe(true);
  });

  it('notifies replies in followed threads, and never for one’s own or a channel being watched', () => {
    expect(decide('reply', withLevel('mentions'), { threadRootId: 'followed' })).toBe(true);
    expect(decide('reply', withLevel('all'), { threadRootId: 'other' })).toBe(false);
    expect(decide('@ann', withLevel('all'), { authorId: 'u1' })).toBe(false);
    expect(decide('@ann', withLevel('all'), {}, { ...ctx, watchingChannelId: 'c1' })).toBe(false);
    expect(decide('@ann', withLevel('all'), { deletedAt: '2026-01-01T00:00:00Z' })).toBe(false);
  });
});
