import { describe, expect, it } from 'vitest';
import { LruCache } from './lru-cache.js';

describe('LruCache', () => {
  it('forgets the least recently used entries past its size', () => {
    const cache = new LruCache<string, string>({ maxSize: 6, ttlMs: 1000, sizeOf: (value) => value.length });
    cache.set('a', 'aa');
    cache.set('b', 'bb');
    cache.set('c', 'cc');
    expect(cache.get('a')).toBe('aa');
    cache.set('d', 'dd');
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['aa', 'cc', 'dd']);
  });

  it('counts entries when given no size, and replaces an entry without counting it twice', () => {
    const cache = new LruCache<string, number>({ maxSize: 2, ttlMs: 1000 });
    cache.set('a', 1);
    cache.set('a', 2);
    cache.set('b', 3);
    expect([cache.get('a'), cache.get('b')]).toEqual([2, 3]);
  });

  it('keeps null as a value, apart from a miss', () => {
    const cache = new LruCache<string, null>({ maxSize: 2, ttlMs: 1000 });
    cache.set('a', null);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('b')).toBeUndefined();
  });

  it('forgets an entry once its age is reached, freeing its room', () => {
    const cache = new LruCache<string, string>({ maxSize: 4, ttlMs: 1000, sizeOf: (value) => value.length });
    cache.set('a', 'aaaa', 0);
    expect(cache.get('a', 999)).toBe('aaaa');
    expect(cache.get('a', 1000)).toBeUndefined();
    cache.set('b', 'bbbb', 1000);
    expect(cache.get('b', 1000)).toBe('bbbb');
  });

  it('stores nothing larger than the whole cache, and keeps what it held', () => {
    const cache = new LruCache<string, string>({ maxSize: 3, ttlMs: 1000, sizeOf: (value) => value.length });
    cache.set('a', 'aaa');
    cache.set('b', 'bbbb');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaa');
  });
});
