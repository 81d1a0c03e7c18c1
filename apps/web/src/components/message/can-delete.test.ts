import { describe, expect, it } from 'vitest';
import { channel, message, user } from '../../lib/test-fixtures';
import { canDeleteMessage } from './can-delete';

const bobs = message(1, { authorId: 'u2' });
const membership = channel().membership!;

describe('canDeleteMessage', () => {
  it('lets the author delete their own message anywhere', () => {
    expect(canDeleteMessage(channel({ kind: 'dm' }), user('u2'), bobs)).toBe(true);
  });

  it("lets channel admins and the instance's owners and admins delete others' messages", () => {
    expect(canDeleteMessage(channel(), user('u1', { role: 'owner' }), bobs)).toBe(true);
    expect(canDeleteMessage(channel(), user('u1', { role: 'admin' }), bobs)).toBe(true);
    const admined = channel({ membership: { ...membership, role: 'admin' } });
    expect(canDeleteMessage(admined, user('u1', { role: 'member' }), bobs)).toBe(true);
  });

  it("keeps members, DMs and non-members from deleting others' messages", () => {
    expect(canDeleteMessage(channel(), user('u1', { role: 'member' }), bobs)).toBe(false);
    expect(canDeleteMessage(channel({ kind: 'dm' }), user('u1', { role: 'owner' }), bobs)).toBe(false);
    expect(canDeleteMessage(channel({ membership: undefined }), user('u1', { role: 'owner' }), bobs)).toBe(
      false,
    );
  });
});
