import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUser, User } from '@parley/protocol';
import { user } from '../../lib/test-fixtures';
import { PeopleSection } from './people-section';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));

const person = (id: string, extra: Partial<AdminUser>): AdminUser => ({
  ...user(id),
  username: id,
  displayName: `Person ${id}`,
  twoFactor: false,
  ...extra,
});

function renderSection(me: User, people: AdminUser[]) {
  api.mockImplementation(async (method: string) =>
    method === 'GET' ? { users: people, nextCursor: null, total: people.length } : undefined,
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <PeopleSection me={me} />
    </QueryClientProvider>,
  );
}

describe('PeopleSection single sign-on', () => {
  it('marks who signs in with single sign-on', async () => {
    const me = person('admin', { role: 'owner' });
    renderSection(me, [me, person('ada', { sso: true }), person('bob', {})]);
    const ada = (await screen.findByText('Person ada')).closest('tr')!;
    expect(within(ada).getByTitle('Signs in with single sign-on').textContent).toBe('SSO');
    expect(within(screen.getByText('Person bob').closest('tr')!).queryByText('SSO')).toBeNull();
  });
});

describe('PeopleSection two-factor', () => {
  it('marks who has two-factor on and turns it off after a confirmation', async () => {
    const me = person('admin', { role: 'owner' });
    renderSection(me, [me, person('ada', { twoFactor: true }), person('bob', {})]);
    const ada = (await screen.findByText('Person ada')).closest('tr')!;
    expect(within(ada).getByText('2FA')).toBeTruthy();
    const bob = screen.getByText('Person bob').closest('tr')!;
    expect(within(bob).queryByText('2FA')).toBeNull();
    expect(within(bob).queryByRole('button', { name: 'Turn off two-factor for bob' })).toBeNull();

    await userEvent.click(within(ada).getByRole('button', { name: 'Turn off two-factor for ada' }));
    expect(
      screen.getByText('Person ada will sign in with their password alone until they turn it on again.'),
    ).toBeTruthy();
    const gets = api.mock.calls.filter(([method]) => method === 'GET').length;
    // jsdom has no showModal, so the open dialog counts as hidden.
    await userEvent.click(screen.getByRole('button', { name: 'Turn off', hidden: true }));
    expect(api).toHaveBeenCalledWith('DELETE', '/admin/users/ada/two-factor');
    await waitFor(() => expect(api.mock.calls.filter(([method]) => method === 'GET').length).toBe(gets + 1));
  });

  it('offers no turning off of the owner’s two-factor', async () => {
    renderSection(person('admin', { role: 'admin' }), [person('boss', { role: 'owner', twoFactor: true })]);
    const boss = (await screen.findByText('Person boss')).closest('tr')!;
    expect(within(boss).getByText('2FA')).toBeTruthy();
    expect(within(boss).queryAllByRole('button')).toEqual([]);
  });

  it('offers a bot only deactivation, with its tag: no role, reset link or sign-out', async () => {
    const me = person('admin', { role: 'owner' });
    renderSection(me, [me, person('helper', { bot: true })]);
    const helper = (await screen.findByText('Person helper')).closest('tr')!;
    expect(within(helper).getByText('Bot')).toBeTruthy();
    expect(within(helper).queryByRole('combobox')).toBeNull();
    expect(
      within(helper)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Deactivate']);
  });
});
