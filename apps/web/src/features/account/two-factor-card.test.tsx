import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TwoFactorState } from '@parley/protocol';
import { ERROR_MESSAGES } from '@parley/protocol/client';
import { ApiError } from '../../lib/api';
import { TwoFactorCard } from './two-factor-card';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));

const off: TwoFactorState = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false };
const on = (left: number, required = false): TwoFactorState => ({
  enabled: true,
  enabledAt: '2026-03-02T10:00:00.000Z',
  recoveryCodesLeft: left,
  required,
});
const codes = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The card over a fake API: `answers` maps "METHOD path" to the body the server gives. */
function renderCard(state: TwoFactorState, answers: Record<string, unknown>) {
  api.mockReset();
  api.mockImplementation(async (method: string, path: string) => {
    if (method === 'GET' && path === '/auth/two-factor') return { twoFactor: state };
    const answer = answers[`${method} ${path}`];
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <TwoFactorCard />
    </QueryClientProvider>,
  );
}

async function confirmPassword(password: string, button: string) {
  const field = screen.getByLabelText('Confirm your password');
  expect(document.activeElement).toBe(field);
  await userEvent.type(field, password);
  await userEvent.click(screen.getByRole('button', { name: button }));
}

describe('TwoFactorCard', () => {
  it('turns on: password, QR code and key, the first code, then the recovery codes', async () => {
    renderCard(off, {
      'POST /auth/two-factor/setup': { setup: { secret, uri: 'otpauth://totp/x', qrSvg: '<svg></svg>' } },
      'POST /auth/two-factor/enable': { recoveryCodes: codes, twoFactor: on(10) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await confirmPassword('hunter22hunter', 'Continue');
    expect(api).toHaveBeenCalledWith('POST', '/auth/two-factor/setup', { password: 'hunter22hunter' });

    const qr = await screen.findByAltText('QR code for your authenticator app');
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent('<svg></svg>')}`);
    expect(screen.getByLabelText('Setup key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await userEvent.type(screen.getByLabelText('Enter the 6-digit code the app shows'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(api).toHaveBeenCalledWith('POST', '/auth/two-factor/enable', { code: '123456' });

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(codes);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Save your recovery codes' }));
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText(/^On since .*2026\./)).toBeTruthy();
    expect(screen.getByText('10 recovery codes left.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('keeps the password step when the password is wrong', async () => {
    renderCard(off, {
      'POST /auth/two-factor/setup': new ApiError('wrong_password', ERROR_MESSAGES.wrong_password, 403),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on' }));
    await confirmPassword('nope', 'Continue');
    expect((await screen.findByRole('alert')).textContent).toBe(ERROR_MESSAGES.wrong_password);
    expect(screen.getByLabelText('Confirm your password')).toBeTruthy();
  });

  it('turns off after asking for the password', async () => {
    renderCard(on(10), { 'POST /auth/two-factor/disable': { twoFactor: off } });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    await confirmPassword('hunter22hunter', 'Turn off');
    expect(api).toHaveBeenCalledWith('POST', '/auth/two-factor/disable', { password: 'hunter22hunter' });
    expect((await screen.findByRole('status')).textContent).toBe('Two-factor authentication is off.');
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeTruthy();
  });

  it('offers no way to turn it off when the team requires it', async () => {
    renderCard(on(8, true), {});
    expect(await screen.findByText('Your team requires it, so it stays on.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeTruthy();
  });

  it('warns when few recovery codes are left, and shows a new set after the password', async () => {
    renderCard(on(2), {
      'POST /auth/two-factor/recovery-codes': { recoveryCodes: codes, twoFactor: on(10) },
    });
    const left = await screen.findByText(/^2 recovery codes left\./);
    expect(left.className).toContain('two-factor-low');
    await userEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    await confirmPassword('hunter22hunter', 'Make new codes');
    expect(api).toHaveBeenCalledWith('POST', '/auth/two-factor/recovery-codes', {
      password: 'hunter22hunter',
    });
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText(/The codes you had before no longer work\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByText('10 recovery codes left.')).toBeTruthy();
  });
});
