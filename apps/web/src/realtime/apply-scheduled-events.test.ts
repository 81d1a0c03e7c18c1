import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScheduledMessage } from '@parley/protocol';
import { applyScheduledChanged, newlyFailed } from './apply-scheduled-events';

const item = (id: string, sendAt: string, failedCode: string | null = null): ScheduledMessage => ({
  id,
  channelId: 'c1',
  threadRootId: null,
  alsoInChannel: false,
  body: `text ${id}`,
  encrypted: null,
  sendAt,
  createdAt: '2026-11-29T08:00:00.000Z',
  failedCode,
});
const a = item('a', '2026-11-29T09:00:00.000Z');
const b = item('b', '2026-11-29T10:00:00.000Z');

describe('applyScheduledChanged', () => {
  it('keeps the list soonest first when one is added or moved', () => {
    const c = item('c', '2026-11-29T09:30:00.000Z');
    expect(applyScheduledChanged([a, b], { scheduledId: 'c', scheduled: c })).toEqual([a, c, b]);
    const moved = { ...a, sendAt: '2026-11-29T11:00:00.000Z' };
    expect(applyScheduledChanged([a, b], { scheduledId: 'a', scheduled: moved })).toEqual([b, moved]);
  });

  it('drops one sent or deleted, and gives back the same list when it was not there (a replay)', () => {
    expect(applyScheduledChanged([a, b], { scheduledId: 'a', scheduled: null })).toEqual([b]);
    const list = [a, b];
    expect(applyScheduledChanged(list, { scheduledId: 'gone', scheduled: null })).toBe(list);
  });

  it('leaves a list not loaded yet for the first load', () => {
    expect(applyScheduledChanged(undefined, { scheduledId: 'a', scheduled: a })).toBeUndefined();
  });
});

describe('newlyFailed', () => {
  const failed = item('a', a.sendAt, 'channel_archived');

  it('is true once, when a waiting message comes back refused', () => {
    expect(newlyFailed([a, b], { scheduledId: 'a', scheduled: failed })).toBe(true);
    expect(newlyFailed([failed, b], { scheduledId: 'a', scheduled: failed })).toBe(false);
  });

  it('is false for a change that is no failure', () => {
    expect(newlyFailed([a], { scheduledId: 'a', scheduled: { ...a, body: 'new' } })).toBe(false);
    expect(newlyFailed([a], { scheduledId: 'a', scheduled: null })).toBe(false);
  });
});

describe('applyScheduledChanged after a reconnect', () => {
  type Op = { kind: 'add' | 'move' | 'fail' | 'gone'; n: number; minute: number };
  const ops = fc.array(
    fc.record({
      kind: fc.constantFrom('add' as const, 'move' as const, 'fail' as const, 'gone' as const),
      n: fc.nat(6),
      minute: fc.nat(59),
    }),
    { maxLength: 40 },
  );

  it('makes a stale list and the changes since equal to a fresh load', () => {
    fc.assert(
      fc.property(ops, fc.nat(40), (list, cut) => {
        const server = new Map<string, ScheduledMessage>();
        const feed: { scheduledId: string; scheduled: ScheduledMessage | null }[] = [];
        const fresh = () =>
          [...server.values()].sort((x, y) => x.sendAt.localeCompare(y.sendAt) || x.id.localeCompare(y.id));
        let stale: ScheduledMessage[] = fresh();
        let seen = 0;
        list.forEach((o: Op, i) => {
          if (i === cut) [stale, seen] = [fresh(), feed.length];
          const id = `s${o.n}`;
          const at = `2026-11-29T10:${String(o.minute).padStart(2, '0')}:00.000Z`;
          const had = server.get(id);
          if (o.kind === 'add' && !had) server.set(id, item(id, at));
          else if (o.kind === 'move' && had) server.set(id, { ...had, sendAt: at, failedCode: null });
          else if (o.kind === 'fail' && had) server.set(id, { ...had, failedCode: 'channel_archived' });
          else if (o.kind === 'gone' && had) server.delete(id);
          else return;
          // The feed names what changed; a replay reads it as it is now.
          feed.push({ scheduledId: id, scheduled: null });
        });
        if (cut >= list.length) [stale, seen] = [fresh(), feed.length];
        let shown: ScheduledMessage[] | undefined = stale;
        for (const { scheduledId } of feed.slice(seen))
          shown = applyScheduledChanged(shown, { scheduledId, scheduled: server.get(scheduledId) ?? null });
        expect(shown).toEqual(fresh());
      }),
    );
  });
});
