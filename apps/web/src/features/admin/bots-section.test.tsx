import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bot } from '@parley/protocol';
import { loadConfig } from '../../lib/config';
import { BotsSection } from './bots-section';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));

const bot = (over: Partial<Bot> = {}): Bot => ({
  id: '00000000-0000-4000-8000-000000000001',
  username: 'deploybot',
  displayName: 'Deploys',
  status: 'active',
  createdBy: null,
  createdAt: '2026-11-29T10:00:00.000Z',
  lastUsedAt: null,
  hasToken: true,
  ...over,
});

function renderSection(bots: Bot[]) {
  api.mockImplementation(
    async (method: string, path: string, body?: { username: string; displayName: string }) => {
      if (method === 'GET') return { bots };
      if (path === '/admin/bots') return { bot: bot(body), token: 'parley_bot_new' };
      if (path.endsWith('/token')) return { bot: bots[0], token: 'parley_bot_renewed' };
      return undefined;
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <BotsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BotsSection', () => {
  beforeAll(async () => {
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    await loadConfig();
    vi.unstubAllGlobals();
  });
  beforeEach(() => {
    api.mockReset();
  });

  it('adds a bot only with a valid username, then shows its token once', async () => {
    renderSection([]);
    expect(await screen.findByText('No bots yet.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add bot' }) as HTMLButtonElement;
    await userEvent.type(screen.getByLabelText(/^Name/), 'Deploys');
    await userEvent.type(screen.getByLabelText(/^Username/), 'no spaces');
    expect(add.disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText(/^Username/));
    await userEvent.type(screen.getByLabelText(/^Username/), 'DeployBot');
    expect(add.disabled).toBe(false);
    await userEvent.click(add);
    expect(api).toHaveBeenCalledWith('POST', '/admin/bots', {
      username: 'deploybot',
      displayName: 'Deploys',
    });
    const token = (await screen.findByRole('textbox', { name: 'Bot token' })) as HTMLInputElement;
    expect(token.value).toBe('parley_bot_new');
    expect(screen.getByLabelText('Example command').textContent).toContain(
      'Authorization: Bearer parley_bot_new',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('textbox', { name: 'Bot token' })).toBeNull();
  });

  it('asks before a new token, and offers nothing for a removed bot', async () => {
    renderSection([
      bot({ lastUsedAt: '2026-11-29T11:00:00.000Z' }),
      bot({ id: 'x', username: 'old', displayName: 'Old', status: 'deactivated', hasToken: false }),
      bot({ id: 'y', username: 'back', displayName: 'Back', hasToken: false }),
    ]);
    expect(await screen.findByText(/token last used/)).toBeTruthy();
    // Reactivated after removal: no token until it is given a new one.
    const back = screen.getByText(/@back/).closest('li')!;
    expect(back.textContent).toContain('no token');
    expect(screen.getByRole('button', { name: 'New token for Back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Old' })).toBeNull();
    expect(screen.getByText('Removed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'New token for Deploys' }));
    expect(api).not.toHaveBeenCalledWith('POST', expect.stringContaining('/token'));
    const confirm = (await screen.findByText('A new token for Deploys?')).closest('dialog')!;
    await userEvent.click(
      Array.from(confirm.querySelectorAll('button')).find((b) => b.textContent === 'Make a new token')!,
    );
    await waitFor(() => expect(api).toHaveBeenCalledWith('POST', `/admin/bots/${bot().id}/token`));
    expect(((await screen.findByRole('textbox', { name: 'Bot token' })) as HTMLInputElement).value).toBe(
      'parley_bot_renewed',
    );
  });
});
