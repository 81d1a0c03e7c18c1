import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '@parley/protocol';
import { ERROR_MESSAGES } from '@parley/protocol/client';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));
const config = vi.hoisted(() => ({ current: {} as Partial<ClientConfig> }));
vi.mock('../../lib/config', () => ({ getConfig: () => config.current }));

const withSso = { apiBase: '/api/v1', sso: { name: 'Acme SSO' } };

function renderAt(entry: InitialEntry) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/invite/:code" element={<RegisterPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The start address a link points at, as its path and its query. */
function startOf(link: HTMLElement) {
  const url = new URL(link.getAttribute('href')!, 'https://parley.test');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams) };
}

beforeEach(() => {
  config.current = withSso;
  api.mockReset();
  api.mockImplementation(async (_method: string, path: string) => {
    if (path === '/instance') return { settings: { inviteOnly: false } };
    if (path.startsWith('/invites/')) return { invite: { valid: true, instanceName: 'Acme' } };
    throw new Error(`unexpected ${path}`);
  });
});

describe('LoginPage with single sign-on', () => {
  it('offers no single sign-on where the server has none', () => {
    config.current = { apiBase: '/api/v1' };
    renderAt('/login');
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });

  it('links to the start with the page the sign-in was headed for', () => {
    renderAt({ pathname: '/login', state: { from: '/c/general' } });
    const link = screen.getByRole('link', { name: 'Sign in with Acme SSO' });
    expect(startOf(link)).toEqual({ path: '/api/v1/auth/sso/start', query: { next: '/c/general' } });
  });

  it('lands on home when the sign-in was headed nowhere in particular', () => {
    renderAt('/login');
    const link = screen.getByRole('link', { name: 'Sign in with Acme SSO' });
    expect(startOf(link).query).toEqual({ next: '/' });
  });

  it('says why single sign-on failed, from the code in the address', () => {
    renderAt('/login?sso_error=sso_taken');
    expect(screen.getByRole('alert').textContent).toBe(ERROR_MESSAGES.sso_taken);
  });

  it('reads a code it does not know as a failed sign-in', () => {
    renderAt('/login?sso_error=provider_exploded');
    expect(screen.getByRole('alert').textContent).toBe(ERROR_MESSAGES.sso_failed);
  });

  it('drops the single sign-on error once a password sign-in is tried', async () => {
    api.mockRejectedValueOnce(new Error('Wrong username or password.'));
    renderAt('/login?sso_error=sso_expired');
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'nope{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Wrong username or password.'));
  });
});

describe('RegisterPage with single sign-on', () => {
  it('links to sign up without an invite on /register', () => {
    renderAt('/register');
    const link = screen.getByRole('link', { name: 'Sign up with Acme SSO' });
    expect(startOf(link)).toEqual({ path: '/api/v1/auth/sso/start', query: { next: '/' } });
  });

  it('carries the invite code on an invite link', async () => {
    renderAt('/invite/abc123');
    await screen.findByRole('heading', { name: 'Join Acme' });
    const link = screen.getByRole('link', { name: 'Sign up with Acme SSO' });
    expect(startOf(link).query).toEqual({ next: '/', invite: 'abc123' });
  });

  it('offers no sign-up on /register of an invite-only team, and one on its invite link', async () => {
    api.mockImplementation(async (_method: string, path: string) =>
      path === '/instance'
        ? { settings: { inviteOnly: true } }
        : { invite: { valid: true, instanceName: 'Acme' } },
    );
    renderAt('/register');
    await screen.findByText('This Parley is invite-only. Open the invite link you were sent to register.');
    expect(screen.queryByRole('link', { name: /Sign up with/ })).toBeNull();
  });

  it('shows why a sign-up through an invite failed, back on the invite', async () => {
    renderAt('/invite/abc123?sso_error=invite_invalid');
    await screen.findByRole('heading', { name: 'Join Acme' });
    expect(screen.getByRole('alert').textContent).toBe(ERROR_MESSAGES.invite_invalid);
  });

  it('offers nothing for an invite that does not work', async () => {
    api.mockImplementation(async (_method: string, path: string) =>
      path === '/instance' ? { settings: { inviteOnly: false } } : { invite: { valid: false } },
    );
    renderAt('/invite/expired');
    await screen.findByRole('heading', { name: 'This invite does not work' });
    expect(screen.queryByRole('link', { name: /Sign up with/ })).toBeNull();
  });
});
