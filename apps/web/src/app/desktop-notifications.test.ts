import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { User, UserGroup } from '@parley/protocol';
import { mentionLookup } from '../components/mention/mention-context';
import { loadConfig } from '../lib/config';
import { notificationBody, notificationIcon } from './desktop-notifications';

const user = (id: string, username: string, displayName: string) => ({ id, username, displayName }) as User;
const me = user('u1', 'alice', 'Alice Ng');
const bob = user('u2', 'bob_smith', 'Bob Smith');
const design = { id: 'g1', handle: 'design', name: 'Design', memberIds: ['u1'] } as UserGroup;
const lookup = mentionLookup([me, bob], [design], me);

describe('notificationBody', () => {
  it('a notification showed raw @usernames: it names people and groups as messages do', () => {
    expect(notificationBody('@bob_smith and @design, see @alice', lookup)).toBe(
      '@Bob Smith and @Design, see @Alice Ng',
    );
  });

  it('keeps an @name nobody has, and drops markdown marks and line breaks', () => {
    expect(notificationBody('**Ship** it, @nobody\n> quoted `code`', lookup)).toBe(
      'Ship it, @nobody quoted code',
    );
  });

  it('keeps "#general" and underscores inside words, drops heading and quote marks', () => {
    expect(notificationBody('# Plan\nsee #general and _this_ with @bob_smith', lookup)).toBe(
      'Plan see #general and this with @Bob Smith',
    );
  });

  it('cuts a long message at a word', () => {
    const body = notificationBody('word '.repeat(100), lookup);
    expect(body.length).toBeLessThanOrEqual(161);
    expect(body.endsWith('word…')).toBe(true);
  });
});

describe('notificationIcon', () => {
  beforeAll(async () => {
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    await loadConfig();
    vi.unstubAllGlobals();
  });

  it("shows the sender's photo, else Parley's mark", () => {
    expect(notificationIcon({ ...bob, avatarId: 'p9' })).toBe('/api/v1/avatars/p9');
    expect(notificationIcon({ ...bob, avatarId: null })).toBe('/favicon.svg');
    expect(notificationIcon(undefined)).toBe('/favicon.svg');
  });
});
