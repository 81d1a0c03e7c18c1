import { describe, expect, it } from 'vitest';
import { channel, user } from '../../lib/test-fixtures';
import { channelPath, threadPath } from './thread-link';

describe('threadPath', () => {
  const me = user('me');
  const bob = user('bob');

  it('puts a channel thread on its own route', () => {
    expect(threadPath(channel({ name: 'general' }), me, 'r1')).toBe('/c/general/t/r1');
  });

  it('keeps a DM on its page, the thread in the query, the encrypted one marked', () => {
    const dm = channel({ kind: 'dm', dmUsers: [bob] });
    expect(threadPath(dm, me, 'r1')).toBe('/dm/bob?thread=r1');
    expect(threadPath({ ...dm, encrypted: true }, me, 'r1')).toBe('/dm/bob?e2e=1&thread=r1');
    expect(channelPath(channel({ kind: 'dm', dmUsers: [] }), me)).toBe('/dm/me');
  });
});
