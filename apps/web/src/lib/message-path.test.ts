import { describe, expect, it } from 'vitest';
import { channel, message, user } from './test-fixtures';
import { messagePath } from './message-path';

const me = user('u1', { username: 'alice' });
const bob = user('u2', { username: 'bob' });

describe('messagePath', () => {
  it('links a channel message by id under the channel', () => {
    expect(messagePath(channel({ name: 'general' }), me, message(3))).toBe('/c/general/m/m3');
  });

  it('links a reply only in its thread to the thread, where the panel highlights it', () => {
    const reply = message(4, { threadRootId: 'm1' });
    expect(messagePath(channel({ name: 'general' }), me, reply)).toBe('/c/general/t/m4');
    const alsoSent = message(5, { threadRootId: 'm1', alsoInChannel: true });
    expect(messagePath(channel({ name: 'general' }), me, alsoSent)).toBe('/c/general/m/m5');
  });

  it('links a DM message by the other person, keeping the encrypted DM apart', () => {
    const dm = channel({ kind: 'dm', dmUsers: [bob] });
    expect(messagePath(dm, me, message(2))).toBe('/dm/bob?m=m2');
    expect(messagePath({ ...dm, encrypted: true }, me, message(2))).toBe('/dm/bob?e2e=1&m=m2');
    expect(messagePath(dm, me, message(6, { threadRootId: 'm1' }))).toBe('/dm/bob?thread=m6');
    const group = { ...dm, id: 'g1', kind: 'group' as const };
    expect(messagePath(group, me, message(2))).toBe('/g/g1?m=m2');
    expect(messagePath(group, me, message(6, { threadRootId: 'm1' }))).toBe('/g/g1?thread=m6');
  });
});
