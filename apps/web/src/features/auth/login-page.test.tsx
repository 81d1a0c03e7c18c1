import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES, type ErrorCode } from '@parley/protocol/client';
import { ApiError } from '../../lib/api';
import { keys } from '../../realtime/keys';
import { user } from '../../lib/test-fixtures';
import { LoginPage } from './login-page';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));
// A server without single sign-on: these tests are the password and two-factor steps.
vi.mock('../../lib/config', () => ({ getConfig: () => ({ apiBase: '/api/v1' }) }));

const ticket = 'ticket-'.padEnd(40, 'x');
const failure = (code: ErrorCode) => new ApiError(code, ERROR_MESSAGES[code], 401);

function renderLogin() {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
}

/** Signs in as ada with two-factor on: the page is left at the code step. */
async function reachCodeStep() {
  const qc = renderLogin();
  api.mockResolvedValueOnce({
    twoFactor: { ticket, expiresAt: new Date(Date.now() + 300_000).toISOString() },
  });
  await userEvent.type(screen.getByLabelText('Username'), 'ada');
  await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication' });
  return qc;
}

describe('LoginPage with two-factor authentication', () => {
  it('asks for the code after a right password, with a one-time-code field focused', async () => {
    const qc = await reachCodeStep();
    expect(api).toHaveBeenLastCalledWith('POST', '/auth/login', {
      username: 'ada',
      password: 'correct horse',
    });
    const field = screen.getByLabelText('Authentication code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(document.activeElement).toBe(field);
    expect(screen.getByText(/enter the 6-digit code for Parley/)).toBeTruthy();
    expect(qc.getQueryData(keys.session)).toBeUndefined();
  });

  it('sends the ticket and the code, then signs in', async () => {
    const qc = await reachCodeStep();
    const ada = user('u1');
    api.mockResolvedValueOnce({ user: ada });
    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(qc.getQueryData(keys.session)).toEqual(ada));
    expect(api).toHaveBeenLastCalledWith('POST', '/auth/login/code', { ticket, code: '123456' });
  });

  it('keeps the step after a wrong code, with the field cleared and the reason shown', async () => {
    await reachCodeStep();
    api.mockRejectedValueOnce(failure('two_factor_invalid'));
    const field = screen.getByLabelText('Authentication code') as HTMLInputElement;
    await userEvent.type(field, '000000{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_MESSAGES.two_factor_invalid);
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
  });

  it('goes back to the password step when the ticket has expired', async () => {
    await reachCodeStep();
    api.mockRejectedValueOnce(failure('two_factor_expired'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456{Enter}');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('alert').textContent).toBe(ERROR_MESSAGES.two_factor_expired);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ada');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('switches to a recovery code and back', async () => {
    await reachCodeStep();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const field = screen.getByLabelText('Recovery code');
    expect(field.getAttribute('inputmode')).toBeNull();
    expect(document.activeElement).toBe(field);
    api.mockResolvedValueOnce({ user: user('u1') });
    await userEvent.type(field, 'abcde-fghjk{Enter}');
    expect(api).toHaveBeenLastCalledWith('POST', '/auth/login/code', { ticket, code: 'abcde-fghjk' });
    await userEvent.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
  });

  it('starts again from the username on "Sign in as someone else"', async () => {
    await reachCodeStep();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as someone else' }));
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('LoginPage where the team requires two-factor', () => {
  it('sets it up before going in: the secret for the ticket, its first code, then the recovery codes', async () => {
    const qc = renderLogin();
    const ada = user('u1');
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efghj`);
    api.mockReset();
    api.mockImplementation(async (_method: string, path: string) => {
      if (path === '/auth/login') return { twoFactorSetup: { ticket, expiresAt: '2026-01-01T00:00:00Z' } };
      if (path === '/auth/login/setup')
        return { setup: { secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg/>' } };
      if (path === '/auth/login/enable') return { user: ada, recoveryCodes: codes };
      throw new Error(`unexpected ${path}`);
    });
    await userEvent.type(screen.getByLabelText('Username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Set up two-factor authentication' });
    expect(screen.getByText(/Your team asks for a code/)).toBeTruthy();
    expect((await screen.findByLabelText('Setup key')).textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(api).toHaveBeenCalledWith('POST', '/auth/login/setup', { ticket });
    await userEvent.type(screen.getByLabelText(/6-digit code/), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(api).toHaveBeenLastCalledWith('POST', '/auth/login/enable', { ticket, code: '123456' });
    // Not in yet: the codes are shown first, and Done goes in.
    await screen.findByRole('heading', { name: 'Save your recovery codes' });
    expect(qc.getQueryData(keys.session)).toBeUndefined();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(qc.getQueryData(keys.session)).toEqual(ada);
    expect(api.mock.calls.filter(([, path]) => path === '/auth/login/setup')).toHaveLength(1);
  });
});
