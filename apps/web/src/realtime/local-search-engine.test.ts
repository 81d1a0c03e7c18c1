import { describe, expect, it } from 'vitest';
import { generateUserKeyPairs } from '@parley/crypto';
import type { EncryptedBody, FeedChange, Message } from '@parley/protocol';
import { parseSearch } from '@parley/protocol/client';
import type { RecordStore } from '../crypto/search-store';
import { LocalSearchEngine } from './local-search-engine';
import { message } from '../lib/test-fixtures';

const sealed: EncryptedBody = { v: 1, keyVersion: 1, nonce: 'n', ciphertext: 'c', tag: 't', signature: 's' };
const secret = (seq: number, extra: Partial<Message> = {}) =>
  message(seq, { channelId: 'legal', body: null, encrypted: sealed, system: null, ...extra });

/** What IndexedDB would hold, as raw bytes, so a test can look at them. */
function memoryStore(): RecordStore & { raw: Map<string, Uint8Array> } {
  const raw = new Map<string, Uint8Array>();
  return {
    raw,
    get: async (key) => raw.get(key),
    put: async (key, value) => void raw.set(key, value),
    delete: async (key) => void raw.delete(key),
    keys: async (prefix) => [...raw.keys()].filter((k) => k.startsWith(prefix)),
  };
}

const search = (engine: LocalSearchEngine, text: string) => {
  const parsed = parseSearch(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return engine.search(parsed.query).map((h) => h.message.id);
};
const noop = () => {};

describe('the local search index of encrypted messages', () => {
  it('is stored sealed, never as plaintext, and read back with the same keys', async () => {
    const pairs = await generateUserKeyPairs();
    const store = memoryStore();
    const engine = await LocalSearchEngine.open(pairs, 'u1', undefined, noop, store);
    engine.put(secret(1), 'the acquisition of Globex closes Friday');
    engine.put(secret(2, { channelId: 'hr' }), 'salary review for Dana');
    await engine.flush();

    expect([...store.raw.keys()].sort()).toEqual(['u1:hr/0', 'u1:legal/0']);
    for (const bytes of store.raw.values()) {
      const asText = new TextDecoder().decode(bytes);
      expect(asText).not.toMatch(/acquisition|Globex|salary|Dana/);
      expect(bytes[0]).toBe(1); // envelope v1
    }

    const again = await LocalSearchEngine.open(pairs, 'u1', undefined, noop, store);
    expect(search(again, 'globex')).toEqual(['m1']);
    expect(search(again, 'salary')).toEqual(['m2']);
  });

  it('cannot be read with another user’s keys, and drops what it cannot open', async () => {
    const store = memoryStore();
    const engine = await LocalSearchEngine.open(await generateUserKeyPairs(), 'u1', undefined, noop, store);
    engine.put(secret(1), 'quarterly numbers');
    await engine.flush();

    const other = await LocalSearchEngine.open(await generateUserKeyPairs(), 'u1', undefined, noop, store);
    expect(search(other, 'quarterly')).toEqual([]);
    expect(store.raw.size).toBe(0);
  });

  it('a record moved to another name fails its tag', async () => {
    const pairs = await generateUserKeyPairs();
    const store = memoryStore();
    const engine = await LocalSearchEngine.open(pairs, 'u1', undefined, noop, store);
    engine.put(secret(1), 'moved record');
    await engine.flush();
    store.raw.set('u1:hr/0', store.raw.get('u1:legal/0')!);
    store.raw.delete('u1:legal/0');
    const again = await LocalSearchEngine.open(pairs, 'u1', undefined, noop, store);
    expect(search(again, 'moved')).toEqual([]);
  });

  it('follows deletes, pins and channel removal from the sync feed', async () => {
    const store = memoryStore();
    const engine = await LocalSearchEngine.open(await generateUserKeyPairs(), 'u1', undefined, noop, store);
    engine.put(secret(1), 'launch plan');
    engine.put(secret(2), 'launch party');
    const change = (type: FeedChange['type'], payload: object) => ({ type, payload }) as FeedChange;

    await engine.apply(
      change('message:updated', {
        channelId: 'legal',
        seq: 1,
        cursor: '1.1',
        message: secret(1, { pinnedAt: '2026-11-02T00:00:00.000Z' }),
      }),
    );
    expect(search(engine, 'launch is:pinned')).toEqual(['m1']);

    await engine.apply(
      change('message:deleted', {
        channelId: 'legal',
        seq: 2,
        cursor: '1.2',
        message: secret(2, { deletedAt: '2026-11-02T00:00:00.000Z', encrypted: null }),
      }),
    );
    expect(search(engine, 'launch')).toEqual(['m1']);
    await engine.flush();
    expect(store.raw.size).toBe(1);

    await engine.apply(change('channel:removed', { channelId: 'legal', reason: 'removed', cursor: '1.3' }));
    expect(search(engine, 'launch')).toEqual([]);
    expect(store.raw.size).toBe(0);
  });

  it('re-seals only the run of 500 seqs that changed', async () => {
    const store = memoryStore();
    const engine = await LocalSearchEngine.open(await generateUserKeyPairs(), 'u1', undefined, noop, store);
    engine.put(secret(1), 'early words');
    engine.put(secret(600), 'later words');
    await engine.flush();
    const early = store.raw.get('u1:legal/0');
    expect(store.raw.get('u1:legal/1')).toBeDefined();
    engine.put(secret(600, { editedAt: '2026-11-02T00:00:00.000Z' }), 'later edited');
    await engine.flush();
    expect(store.raw.get('u1:legal/0')).toBe(early);
    engine.remove('legal', 'm600');
    await engine.flush();
    expect(store.raw.has('u1:legal/1')).toBe(false);
  });

  it('does not index plain messages or system lines', async () => {
    const engine = await LocalSearchEngine.open(
      await generateUserKeyPairs(),
      'u1',
      undefined,
      noop,
      memoryStore(),
    );
    engine.put(message(1, { body: 'plain words', system: null }), 'plain words');
    engine.put(secret(2, { system: { type: 'joined' } }), 'joined words');
    expect(search(engine, 'words')).toEqual([]);
  });

  it('forgets what retention deleted: the roots it names and their replies', async () => {
    const engine = await LocalSearchEngine.open(
      await generateUserKeyPairs(),
      'u1',
      undefined,
      noop,
      memoryStore(),
    );
    engine.put(secret(1), 'old minutes');
    engine.put(secret(2, { replyCount: 1 }), 'live thread minutes');
    engine.put(secret(3, { threadRootId: 'm2' }), 'live reply minutes');
    engine.put(secret(4, { threadRootId: 'm0' }), 'reply to an unindexed root, minutes');
    engine.put(secret(5, { channelId: 'hr' }), 'other channel minutes');
    await engine.apply({
      type: 'history:pruned',
      payload: { channelId: 'legal', rootIds: ['m0', 'm1', 'm5'], cursor: '1.1' },
    });
    expect(search(engine, 'minutes').sort()).toEqual(['m2', 'm3', 'm5']);
  });
});
