import { describe, expect, it } from 'vitest';
import { parseSearch, type ParsedSearch } from '@parley/protocol/client';
import { TextIndex, holdsWholeWords, type IndexedMessage } from './text-index';

let next = 1;
const doc = (text: string, extra: Partial<IndexedMessage> = {}): IndexedMessage => {
  const n = next++;
  return {
    id: `m${n}`,
    channelId: 'legal',
    seq: n,
    authorId: 'alice',
    text,
    createdAt: `2026-11-0${Math.min(9, n)}T12:00:00.000Z`,
    threadRootId: null,
    alsoInChannel: false,
    replyCount: 0,
    pinned: false,
    files: 0,
    images: 0,
    ...extra,
  };
};

const q = (text: string): ParsedSearch => {
  const parsed = parseSearch(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.query;
};
const ids = (index: TextIndex, text: string, scope = {}) =>
  index.search(q(text), scope).map((h) => h.message.id);

function indexOf(...docs: IndexedMessage[]): TextIndex {
  const index = new TextIndex();
  docs.forEach((d) => index.put(d));
  return index;
}

describe('TextIndex', () => {
  it('finds a message by part of a word, ignoring case', () => {
    const a = doc('The Deployment went fine');
    const b = doc('nothing to see');
    const index = indexOf(a, b);
    expect(ids(index, 'deplo')).toEqual([a.id]);
    expect(ids(index, 'PLOYM')).toEqual([a.id]);
    expect(ids(index, 'xyz')).toEqual([]);
  });

  it('keeps words with dashes, dots and URLs whole', () => {
    const a = doc('see api-v2.internal at https://example.com/runbook?id=7');
    const b = doc('api and v2 apart');
    const index = indexOf(a, b);
    expect(ids(index, 'api-v2')).toEqual([a.id]);
    expect(ids(index, 'v2.internal')).toEqual([a.id]);
    expect(ids(index, 'example.com/runbook')).toEqual([a.id]);
  });

  it('needs every word, matches phrases in order and drops exclusions', () => {
    const a = doc('merger draft is ready');
    const b = doc('ready: the draft merger');
    const c = doc('merger draft is ready but secret');
    const index = indexOf(a, b, c);
    expect(ids(index, 'merger ready').sort()).toEqual([a.id, b.id, c.id].sort());
    expect(ids(index, '"merger draft"').sort()).toEqual([a.id, c.id].sort());
    expect(ids(index, '"merger draft" -secret')).toEqual([a.id]);
  });

  it('finds two-letter words without the trigram index', () => {
    const a = doc('go live at noon');
    const index = indexOf(a, doc('later'));
    expect(ids(index, 'go')).toEqual([a.id]);
  });

  it('puts whole-word matches first, then the newest', () => {
    const older = doc('the deploy is done', { createdAt: '2026-11-01T00:00:00.000Z' });
    const partial = doc('deployment tomorrow', { createdAt: '2026-11-05T00:00:00.000Z' });
    const newer = doc('deploy again', { createdAt: '2026-11-03T00:00:00.000Z' });
    const index = indexOf(older, partial, newer);
    const hits = index.search(q('deploy'));
    expect(hits.map((h) => h.message.id)).toEqual([newer.id, older.id, partial.id]);
    expect(hits.map((h) => h.wholeWords)).toEqual([true, true, false]);
    expect(hits[0]!.highlights).toEqual(['deploy']);
  });

  it('replaces a message on edit and forgets it on delete', () => {
    const a = doc('first wording');
    const index = indexOf(a);
    index.put({ ...a, text: 'second wording' });
    expect(ids(index, 'first')).toEqual([]);
    expect(ids(index, 'second')).toEqual([a.id]);
    expect(index.size).toBe(1);
    index.remove(a.id);
    expect(ids(index, 'wording')).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('applies the filters that make sense locally', () => {
    const link = doc('budget at https://x.test', { authorId: 'bob', createdAt: '2026-11-03T10:00:00.000Z' });
    const thread = doc('budget reply', { threadRootId: 'root', createdAt: '2026-11-04T10:00:00.000Z' });
    const pinned = doc('budget pinned', {
      pinned: true,
      channelId: 'hr',
      createdAt: '2026-11-05T10:00:00.000Z',
    });
    const image = doc('budget picture', { files: 1, images: 1, createdAt: '2026-11-06T10:00:00.000Z' });
    const index = indexOf(link, thread, pinned, image);
    expect(ids(index, 'budget has:link')).toEqual([link.id]);
    expect(ids(index, 'budget is:thread')).toEqual([thread.id]);
    expect(ids(index, 'budget is:pinned')).toEqual([pinned.id]);
    expect(ids(index, 'budget has:image')).toEqual([image.id]);
    expect(ids(index, 'budget on:2026-11-04')).toEqual([thread.id]);
    expect(ids(index, 'budget after:2026-11-04').sort()).toEqual([pinned.id, image.id].sort());
    expect(ids(index, 'budget before:2026-11-04')).toEqual([link.id]);
    expect(ids(index, 'budget', { authorId: 'bob' })).toEqual([link.id]);
    expect(ids(index, 'budget', { channelIds: new Set(['hr']) })).toEqual([pinned.id]);
    expect(ids(index, 'budget', { authorId: null })).toEqual([]);
    expect(ids(index, 'is:pinned')).toEqual([pinned.id]);
  });

  it('walks many candidates newest first and stops once it has enough whole-word matches', () => {
    const index = new TextIndex();
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
    // Added out of time order, as a backfill adds older pages after newer ones.
    for (let i = 2_999; i >= 0; i--)
      index.put(doc(i % 3 === 0 ? `we deploy ${i}` : `deployment ${i}`, { id: `d${i}`, createdAt: at(i) }));
    const hits = index.search(q('deploy'), {}, 5);
    expect(hits.map((h) => h.message.id)).toEqual(['d2997', 'd2994', 'd2991', 'd2988', 'd2985']);
    expect(index.search(q('deploy -we'), {}, 3).map((h) => h.message.id)).toEqual([
      'd2999',
      'd2998',
      'd2996',
    ]);
    index.remove('d2880');
    const onDay = index.search(q('deploy on:2026-01-02'), {}, 3).map((h) => h.message.id);
    expect(onDay).toEqual(['d2877', 'd2874', 'd2871']);
    expect(index.search(q('deploy before:2026-01-02'), {}, 2).map((h) => h.message.id)).toEqual([
      'd1437',
      'd1434',
    ]);
    expect(index.search(q('we after:2026-01-02'), {}, 1).map((h) => h.message.id)).toEqual(['d2997']);
    expect(index.search(q('we after:2026-01-03'), {}, 5)).toEqual([]);
    const partial = index.search(q('deplo'), {}, 3);
    expect(partial.map((h) => [h.message.id, h.wholeWords])).toEqual([
      ['d2999', false],
      ['d2998', false],
      ['d2997', false],
    ]);
  });

  it('drops a channel', () => {
    const a = doc('alpha here', { channelId: 'hr' });
    const b = doc('alpha there');
    const index = indexOf(a, b);
    index.removeChannel('hr');
    expect(ids(index, 'alpha')).toEqual([b.id]);
    expect(index.messagesIn('legal')).toEqual([b]);
  });
});

describe('holdsWholeWords', () => {
  it('tells a whole word from part of one', () => {
    expect(holdsWholeWords('Ship the deploy.', ['deploy'])).toBe(true);
    expect(holdsWholeWords('deployment', ['deploy'])).toBe(false);
    expect(holdsWholeWords('see api-v2 now', ['api-v2'])).toBe(true);
  });
});
