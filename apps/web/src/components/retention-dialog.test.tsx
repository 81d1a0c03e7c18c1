import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel } from '@parley/protocol';
import RetentionDialog from './retention-dialog';
import { channel } from '../lib/test-fixtures';

const api = vi.hoisted(() => vi.fn());
vi.mock('../lib/api', async (original) => ({ ...(await original<object>()), api }));

function renderDialog(legal: Channel, onClose = vi.fn()) {
  api.mockImplementation(async (method: string, path: string, body?: { retention: unknown }) => {
    if (path === '/instance') return { settings: { messageRetentionDays: 90 } };
    if (method === 'GET') return { messages: 12, files: 0, before: '2026-11-15T12:00:00.000Z' };
    return { channel: { ...legal, retention: body!.retention } };
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <RetentionDialog channel={legal} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}
// jsdom has no showModal: the dialog's contents are hidden from the accessibility tree.
const hidden = { hidden: true };

describe('RetentionDialog', () => {
  beforeEach(() => {
    api.mockReset();
  });

  it("offers the team's setting first, and keeps a channel forever without asking", async () => {
    const onClose = renderDialog(channel({ id: 'c9', name: 'legal' }));
    const team = await screen.findByRole('radio', { name: 'As the team does (90 days)', ...hidden });
    expect((team as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Forever', ...hidden }));
    await userEvent.click(screen.getByRole('button', { name: 'Save', ...hidden }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api).toHaveBeenCalledWith('PUT', '/channels/c9/retention', { retention: { days: null } });
  });

  it('asks before a limit, saying what it deletes in this channel, and can go back', async () => {
    renderDialog(channel({ id: 'c9', name: 'random', retention: { days: null } }));
    expect((screen.getByRole('radio', { name: 'Forever', ...hidden }) as HTMLInputElement).checked).toBe(
      true,
    );
    const days = screen.getByLabelText('Days to keep messages');
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.click(screen.getByRole('button', { name: 'Save', ...hidden }));
    const question = await screen.findByText(/12 messages last active before/);
    expect(question.textContent).toContain('in #random');
    expect(api).toHaveBeenCalledWith('GET', '/admin/retention?days=14&channelId=c9');
    await userEvent.click(screen.getByRole('button', { name: 'Back', ...hidden }));
    expect((screen.getByLabelText('Days to keep messages') as HTMLInputElement).value).toBe('14');
    await userEvent.click(screen.getByRole('button', { name: 'Save', ...hidden }));
    const dialog = (await screen.findByText(/12 messages/)).closest('dialog')!;
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Delete and keep this setting', ...hidden }),
    );
    await waitFor(() =>
      expect(api).toHaveBeenCalledWith('PUT', '/channels/c9/retention', { retention: { days: 14 } }),
    );
  });
});
