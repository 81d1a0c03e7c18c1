import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Draft, FeedChange, Message, Reaction } from '@parley/protocol';
import { applyEvent, type CacheState } from './apply-event';
import { inChannel, type ThreadPage } from './merge';
import { channel, message } from '../lib/test-fixtures';

type Op =
  | { kind: 'post'; author: number }
  | { kind: 'line'; author: number }
  | { kind: 'reply'; author: number; root: number; also: boolean }
  | { kind: 'edit'; target: number }
  | { kind: 'delete'; target: number }
  | { kind: 'react'; target: number; user: number; emoji: number }
  | { kind: 'pin'; target: number }
  | { kind: 'draft'; place: number; clear: boolean }
  | { kind: 'prune'; age: number }
  | { kind: 'disconnect' }
  | { kind: 'reconnect' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('post' as const), author: fc.nat(2) }),
  fc.record({ kind: fc.constant('line' as const), author: fc.nat(2) }),
  fc.record({ kind: fc.constant('reply' as const), author: fc.nat(2), root: fc.nat(20), also: fc.boolean() }),
  fc.record({ kind: fc.constant('edit' as const), target: fc.nat(20) }),
  fc.record({ kind: fc.constant('delete' as const), target: fc.nat(20) }),
  fc.record({ kind: fc.constant('react' as const), target: fc.nat(20), user: fc.nat(2), emoji: fc.nat(2) }),
  fc.record({ kind: fc.constant('pin' as const), target: fc.nat(20) }),
  fc.record({ kind: fc.constant('draft' as const), place: fc.nat(3), clear: fc.boolean() }),
  fc.record({ kind: fc.constant('prune' as const), age: fc.nat(12) }),
  fc.constant({ kind: 'disconnect' as const }),
  fc.constant({ kind: 'reconnect' as const }),
);

const EMOJI = ['👍', '🎉', '👀'];

/** The server, small: messages with their summaries and reactions, and the feed of what changed. */
class Model {
  messages: Message[] = [];
  feed: { type: FeedChange['type']; id: string; rootIds?: string[] }[] = [];
  /** The reader's drafts by place: the channel ('') or a thread root's id. */
  drafts = new Map<string, Draft>();
  clock = 0;
  /** Seqs only grow: retention deletes messages, never their numbers. */
  lastSeq = 0;
  private reactions = new Map<string, [string, string][]>();

  at = (seconds = ++this.clock) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString();
  pick = (n: number, roots = false) => {
    // System lines are never edited, deleted, reacted to, pinned or replied to: the server refuses.
    const list = this.messages.filter((m) => !m.deletedAt && !m.system && (!roots || !m.threadRootId));
    return list.length ? list[n % list.length] : undefined;
  };

  apply(o: Op): void {
    const seq = this.lastSeq + 1;
    if (o.kind === 'line') {
      // "u1 joined": a system line takes the next seq and is replayed like any new message.
      const m = message(seq, {
        id: `m${seq}`,
        authorId: `u${o.author}`,
        clientId: `system:${seq}`,
        body: null,
        system: { type: 'joined' },
        createdAt: this.at(),
      });
      this.messages.push(m);
      this.lastSeq = seq;
      this.feed.push({ type: 'message:created', id: m.id });
    } else if (o.kind === 'post' || o.kind === 'reply') {
      const root = o.kind === 'reply' ? this.pick(o.root, true) : undefined;
      if (o.kind === 'reply' && !root) return;
      const m = message(seq, {
        id: `m${seq}`,
        authorId: `u${o.author}`,
        clientId: `c${seq}`,
        threadRootId: root?.id ?? null,
        alsoInChannel: o.kind === 'reply' && o.also,
        createdAt: this.at(),
      });
      this.messages.push(m);
      this.lastSeq = seq;
      this.feed.push({ type: 'message:created', id: m.id });
      if (root) this.recount(root.id);
    } else if (o.kind === 'edit' || o.kind === 'delete') {
      const m = this.pick(o.target);
      if (!m) return;
      if (o.kind === 'edit') this.update(m.id, { body: `edited ${this.clock}`, editedAt: this.at() });
      else {
        this.reactions.delete(m.id);
        this.update(m.id, { body: null, deletedAt: this.at(), reactions: [] });
      }
      this.feed.push({ type: o.kind === 'edit' ? 'message:updated' : 'message:deleted', id: m.id });
      if (o.kind === 'delete' && m.threadRootId) this.recount(m.threadRootId);
    } else if (o.kind === 'pin') {
      const m = this.pick(o.target);
      if (!m) return;
      this.update(
        m.id,
        m.pinnedAt ? { pinnedAt: null, pinnedBy: null } : { pinnedAt: this.at(), pinnedBy: 'u1' },
      );
      this.feed.push({ type: 'message:updated', id: m.id });
    } else if (o.kind === 'draft') {
      const place = o.place === 0 ? '' : (this.pick(o.place, true)?.id ?? '');
      if (o.clear) this.drafts.delete(place);
      else
        this.drafts.set(place, {
          channelId: 'c1',
          threadRootId: place || null,
          body: `draft ${this.clock}`,
          encrypted: null,
          updatedAt: this.at(),
        });
      this.feed.push({ type: 'draft:updated', id: place });
    } else if (o.kind === 'prune') {
      // Retention: roots last active before the cutoff go with their replies, as the server deletes them.
      const before = this.at(this.clock - o.age);
      const lastActive = (m: Message) => m.lastReplyAt ?? m.createdAt;
      const gone = new Set(
        this.messages
          .filter((m) => !m.threadRootId && m.createdAt < before && lastActive(m) < before)
          .map((m) => m.id),
      );
      if (gone.size === 0) return;
      this.messages = this.messages.filter((m) => !gone.has(m.id) && !gone.has(m.threadRootId ?? ''));
      for (const id of gone) this.reactions.delete(id);
      this.feed.push({ type: 'history:pruned', id: '', rootIds: [...gone] });
    } else if (o.kind === 'react') {
      const m = this.pick(o.target);
      if (!m) return;
      const list = this.reactions.get(m.id) ?? [];
      const entry: [string, string] = [EMOJI[o.emoji]!, `u${o.user}`];
      const has = list.some(([e, u]) => e === entry[0] && u === entry[1]);
      this.reactions.set(
        m.id,
        has ? list.filter(([e, u]) => e !== entry[0] || u !== entry[1]) : [...list, entry],
      );
      this.update(m.id, { reactions: this.summary(m.id) });
      this.feed.push({ type: 'reaction:changed', id: m.id });
    }
  }

  private summary(id: string): Reaction[] {
    const out: Reaction[] = [];
    for (const [emoji, user] of this.reactions.get(id) ?? []) {
      const r = out.find((x) => x.emoji === emoji);
      if (!r) out.push({ emoji, count: 1, userIds: [user] });
      else {
        r.count++;
        r.userIds.push(user);
      }
    }
    return out;
  }

  private update(id: string, patch: Partial<Message>) {
    this.messages = this.messages.map((m) => (m.id === id ? { ...m, ...patch } : m));
  }

  private recount(rootId: string) {
    const replies = this.messages.filter((m) => m.threadRootId === rootId && !m.deletedAt);
    const authors = [...replies].reverse().map((m) => m.authorId);
    this.update(rootId, {
      replyCount: replies.length,
      lastReplyAt: replies.at(-1)?.createdAt ?? null,
      replyUserIds: [...new Set(authors)].slice(0, 3),
    });
    this.feed.push({ type: 'message:updated', id: rootId });
  }

  /** A change as the server sends it: the current state of what it names; none when that is gone. */
  resolve(index: number): FeedChange | undefined {
    const { type, id, rootIds } = this.feed[index]!;
    const m = this.messages.find((x) => x.id === id)!;
    const cursor = `1.${index + 1}`;
    if (type === 'history:pruned') return { type, payload: { channelId: 'c1', rootIds: rootIds!, cursor } };
    if (type === 'draft:updated') {
      const draft = this.drafts.get(id) ?? null;
      return { type, payload: { channelId: 'c1', threadRootId: id || null, draft, cursor } };
    }
    if (!m) return undefined;
    if (type === 'reaction:changed')
      return { type, payload: { channelId: 'c1', messageId: id, reactions: m.reactions, cursor } };
    return { type, payload: { channelId: 'c1', seq: m.seq, message: m, cursor } } as FeedChange;
  }

  fresh(): CacheState {
    const roots = this.messages.filter((m) => !m.threadRootId);
    const threadPages: Record<string, ThreadPage> = {};
    for (const root of roots) threadPages[root.id] = this.thread(root.id);
    return {
      channels: [channel({ lastSeq: this.lastSeq })],
      messages: { c1: { messages: this.messages.filter(inChannel), hasMoreBefore: false } },
      members: {},
      threadPages,
      drafts: [...this.drafts.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
    };
  }

  thread(rootId: string): ThreadPage {
    return {
      root: this.messages.find((m) => m.id === rootId)!,
      messages: this.messages.filter((m) => m.threadRootId === rootId),
      hasMore: false,
      thread: { rootId, channelId: 'c1', following: false, lastReadSeq: 0, unread: 0 },
    };
  }
}

const ctx = { selfId: 'u0', reading: true };
const REPLAYED_PRUNE: Op[] = [
  { kind: 'post', author: 0 },
  { kind: 'reply', author: 0, root: 0, also: false },
  { kind: 'disconnect' },
  { kind: 'reply', author: 0, root: 0, also: false },
  { kind: 'prune', age: 0 },
  { kind: 'delete', target: 8 },
];
const replay = (state: CacheState, change: FeedChange | undefined) =>
  change ? applyEvent(state, change, ctx) : state;

describe('stale state plus events equals a fresh fetch', () => {
  it('holds for any sequence of sends, replies, edits, deletes, reactions, pins, drafts, retention, disconnects and replays', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 12 }), fc.array(op, { maxLength: 40 }), (before, after) => {
        const server = new Model();
        before.forEach((o) => server.apply(o));
        // The tab loaded here: its channel page and every thread it had open.
        let state = server.fresh();
        let online = true;
        let applied = server.feed.length;
        const deliver = (from: number) => {
          for (let i = from; i < server.feed.length; i++) state = replay(state, server.resolve(i));
        };
        for (const o of after) {
          if (o.kind === 'disconnect') online = false;
          else if (o.kind === 'reconnect') {
            // Sync replays since the last event this tab applied, with today's state.
            if (!online) deliver(applied);
            online = true;
          } else {
            const from = server.feed.length;
            server.apply(o);
            if (online) deliver(from);
          }
          if (online) applied = server.feed.length;
        }
        if (!online) deliver(applied);
        const fresh = server.fresh();
        expect(state.messages.c1).toEqual(fresh.messages.c1);
        expect(state.drafts).toEqual(fresh.drafts);
        for (const [id, page] of Object.entries(state.threadPages ?? {}))
          expect(page).toEqual(fresh.threadPages![id]);
      }),
      // Regression: a prune replayed after the thread's last reply was deleted dropped a thread the server kept.
      { numRuns: 300, examples: [[[{ kind: 'post', author: 0 }], REPLAYED_PRUNE]] },
    );
  });

  it('changes nothing when every change is replayed a second time', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 30 }), (ops) => {
        const server = new Model();
        const start = server.fresh();
        ops.forEach((o) => server.apply(o));
        let state = start;
        for (let i = 0; i < server.feed.length; i++) state = replay(state, server.resolve(i));
        const once = state;
        for (let i = 0; i < server.feed.length; i++) state = replay(state, server.resolve(i));
        expect(state.messages).toEqual(once.messages);
        expect(state.messages.c1).toEqual(server.fresh().messages.c1);
      }),
      { numRuns: 200 },
    );
  });
});
