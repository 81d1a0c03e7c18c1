import { describe, expect, it } from 'vitest';
import type { User } from '@parley/protocol';
import { SessionCache } from './session-cache.js';

const user = (id: string): User => ({
  id,
  username: id,
  displayName: id,
  role: 'member',
  status: 'active',
  dndUntil: null,
  customStatus: null,
  timeZone: null,
  avatarId: null,
  createdAt: new Date(0).toISOString(),
});

describe('SessionCache', () => {
  it('does not cache a lookup that started before an invalidation (a revocation racing a read)', async () => {
    const cache = new SessionCache();
    const ticket = cache.ticket();
    await cache.delete('s1');
    cache.set('s1', user('u1'), ticket);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', user('u1'), cache.ticket());
    expect(cache.get('s1')).toBeDefined();
  });

  it('forgets every session of a user, here and, through publish, on the other nodes', async () => {
    const sent: unknown[] = [];
    const cache = new SessionCache();
    cache.publish = async (message) => void sent.push(message);
    cache.set('a', user('u1'));
    cache.set('b', user('u1'));
    cache.set('c', user('u2'));
    await cache.forgetUser('u1');
    expect([cache.get('a'), cache.get('b')]).toEqual([undefined, undefined]);
    expect(cache.get('c')?.id).toBe('u2');
    expect(sent).toEqual([{ userId: 'u1' }]);
  });

  it('applies what another node sent without sending it on', () => {
    const cache = new SessionCache();
    let published = 0;
    cache.publish = async () => void published++;
    cache.set('a', user('u1'));
    cache.apply({ sessionIds: ['a'] });
    expect(cache.get('a')).toBeUndefined();
    expect(published).toBe(0);
  });
});
