import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { queryClient } from '../lib/query-client';
import { keys } from './keys';
import { mentionSource } from './mention-source';

vi.mock('../lib/api', () => ({ api: vi.fn() }));

const asked = () => vi.mocked(api).mock.calls.filter(([, path]) => path.includes('/mentionable')).length;

describe('mentionSource', () => {
  afterEach(() => {
    queryClient.clear();
    vi.mocked(api).mockReset();
  });

  it('asks once per channel and text, and never shows one person’s answers to the next signed in', async () => {
    vi.mocked(api).mockImplementation(async (_method, path) =>
      path === '/groups' ? { groups: [] } : { users: [{ id: 'u1', username: 'bob' }] },
    );
    queryClient.setQueryData(keys.session, { id: 'alice' });
    const ask = mentionSource('c1');
    expect((await ask('bo')).users.map((u) => u.username)).toEqual(['bob']);
    await ask('bo');
    expect(asked()).toBe(1);
    await ask('bob');
    await mentionSource('c2')('bo');
    expect(asked()).toBe(3);
    queryClient.setQueryData(keys.session, { id: 'carol' });
    await ask('bo');
    expect(asked()).toBe(4);
  });
});
