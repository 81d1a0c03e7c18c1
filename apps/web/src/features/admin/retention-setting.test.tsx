import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { InstanceSettings } from '@parley/protocol';
import { RetentionSetting } from './retention-setting';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));

const settings = (messageRetentionDays: number | null): InstanceSettings => ({
  inviteOnly: false,
  name: 'Parley',
  groupManagers: 'members',
  emojiAdders: 'members',
  requireTwoFactor: false,
  messageRetentionDays,
});

function renderSetting(days: number | null | undefined) {
  api.mockImplementation(
    async (method: string, path: string, body?: { messageRetentionDays: number | null }) => {
      if (path === '/admin/retention/channels')
        return { channels: [{ id: 'c9', name: 'legal', kind: 'private', days: null }] };
      if (method === 'GET') return { messages: 1234, files: 1, before: '2026-10-30T12:00:00.000Z' };
      return { settings: settings(body?.messageRetentionDays ?? null) };
    },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const shown = (d: number | null | undefined) => (
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <RetentionSetting settings={d === undefined ? undefined : settings(d)} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { rerender } = render(shown(days));
  return { loaded: (d: number | null) => rerender(shown(d)) };
}

describe('RetentionSetting', () => {
  beforeEach(() => {
    api.mockReset();
  });

  it('offers no choice until the setting has loaded, then shows the saved one (regression: a pick made before was undone)', () => {
    const { loaded } = renderSetting(undefined);
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByText('Nothing is deleted for its age.')).toBeNull();
    loaded(8000);
    expect(
      (screen.getByRole('radio', { name: /days after their last activity/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByLabelText('Days to keep messages') as HTMLInputElement).value).toBe('8000');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('asks first, saying how much a limit deletes now, and saves only when confirmed', async () => {
    renderSetting(null);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const days = screen.getByLabelText('Days to keep messages');
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    expect(
      (screen.getByRole('radio', { name: /days after their last activity/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(save);
    // jsdom has no showModal: the dialog is there but hidden from the accessibility tree.
    const dialog = (await screen.findByText('Delete what is older than 30 days?')).closest('dialog')!;
    expect(dialog.textContent).toContain('1,234 messages and 1 file');
    expect(api).not.toHaveBeenCalledWith('PATCH', expect.anything(), expect.anything());
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Delete and keep this setting', hidden: true }),
    );
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('PATCH', '/admin/settings', { messageRetentionDays: 30 }),
    );
  });

  it('refuses a number of days the server would, and goes back to forever without asking', async () => {
    renderSetting(90);
    expect(screen.getByText(/deleted 90 days after their last activity/)).toBeTruthy();
    // Channels with a setting of their own are listed, to be changed from their menus.
    expect((await screen.findByRole('link', { name: '#legal' })).closest('li')!.textContent).toContain(
      'forever',
    );
    const days = screen.getByLabelText('Days to keep messages');
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    expect(screen.getByRole('alert').textContent).toContain('from 1 to 36,500');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Forever' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('PATCH', '/admin/settings', { messageRetentionDays: null }),
    );
    expect(api).not.toHaveBeenCalledWith('GET', expect.stringMatching(/^\/admin\/retention\?/));
  });
});
