import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { SsoStatusResponse } from '@parley/protocol';
import { ERROR_MESSAGES } from '@parley/protocol/client';
import { ApiError } from '../../lib/api';
import { NoPasswordCard, SsoCard } from './sso-card';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));
vi.mock('../../lib/config', () => ({ getConfig: () => ({ apiBase: '/api/v1', sso: { name: 'Acme SSO' } }) }));

const acme = { name: 'Acme SSO' };
const linkedAt = '2026-03-02T10:00:00.000Z';

/** The card over a fake GET /auth/sso, at the settings address the server sent the browser back to. */
function renderCard(
  status: (Omit<SsoStatusResponse, 'password'> & { password?: boolean }) | Error,
  address = '/settings/security',
) {
  api.mockReset();
  api.mockImplementation(async (method: string, path: string) => {
    if (method !== 'GET' || path !== '/auth/sso') throw new Error(`unexpected ${method} ${path}`);
    if (status instanceof Error) throw status;
    return { password: true, ...status };
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[address]}>
        <SsoCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { qc, container };
}

describe('SsoCard', () => {
  it('shows nothing where the server has no single sign-on', async () => {
    const { qc, container } = renderCard({ sso: null, identity: null });
    await waitFor(() => expect(qc.getQueryState(['account', 'sso'])?.status).toBe('success'));
    expect(container.innerHTML).toBe('');
  });

  it('offers to connect, linking to the start with link=1 and back to security', async () => {
    renderCard({ sso: acme, identity: null });
    const link = await screen.findByRole('link', { name: 'Connect Acme SSO' });
    const url = new URL(link.getAttribute('href')!, 'https://parley.test');
    expect(url.pathname).toBe('/api/v1/auth/sso/start');
    expect(Object.fromEntries(url.searchParams)).toEqual({ next: '/settings/security', link: '1' });
    expect(
      screen.getByText('Connect your Acme SSO account to sign in with it instead of your password.'),
    ).toBeTruthy();
  });

  it('says which account is connected, and since when', async () => {
    renderCard({ sso: acme, identity: { email: 'ada@acme.test', linkedAt } });
    expect(await screen.findByText(/^Connected as ada@acme\.test since .*2026\.$/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('leaves out the email when the provider gave none', async () => {
    renderCard({ sso: acme, identity: { email: null, linkedAt } });
    expect(await screen.findByText(/^Connected since .*2026\.$/)).toBeTruthy();
  });

  it('confirms a connection the server just made', async () => {
    renderCard(
      { sso: acme, identity: { email: 'ada@acme.test', linkedAt } },
      '/settings/security?sso=linked',
    );
    expect((await screen.findByRole('status')).textContent).toBe('Done: you can now sign in with Acme SSO.');
  });

  it('says why connecting failed, from the code in the address', async () => {
    renderCard({ sso: acme, identity: null }, '/settings/security?sso_error=sso_taken');
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_MESSAGES.sso_taken);
    expect(screen.getByRole('link', { name: 'Connect Acme SSO' })).toBeTruthy();
  });

  it('says so when the status does not load', async () => {
    renderCard(new ApiError('internal', ERROR_MESSAGES.internal, 500));
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_MESSAGES.internal);
    expect(screen.getByRole('heading', { name: 'Single sign-on' })).toBeTruthy();
  });
});

describe('NoPasswordCard', () => {
  it('tells someone made by single sign-on that they have no password, and how to get one', () => {
    render(<NoPasswordCard provider="Acme SSO" />);
    expect(screen.getByRole('region', { name: 'Password' }).textContent).toContain(
      'You sign in with Acme SSO, so this account has no Parley password',
    );
    expect(
      screen.getByText('An admin can give you a reset link if you need a password as well.'),
    ).toBeTruthy();
  });
});
