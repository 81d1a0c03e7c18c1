import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Channel, ScheduledMessage } from '@parley/protocol';
import { keys } from '../realtime/keys';
import { channel, user } from '../lib/test-fixtures';
import ScheduledPage from './scheduled-page';

const api = vi.hoisted(() => vi.fn());
vi.mock('../lib/api', async (original) => ({ ...(await original<object>()), api }));

const general = channel({ name: 'general' });
const scheduled = (id: string, over: Partial<ScheduledMessage>): ScheduledMessage => ({
  id,
  channelId: general.id,
  threadRootId: null,
  alsoInChannel: false,
  body: `text ${id}`,
  encrypted: null,
  sendAt: new Date(Date.now() + 3_600_000).toISOString(),
  createdAt: new Date().toISOString(),
  failedCode: null,
  ...over,
});

function renderPage(list: ScheduledMessage[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  qc.setQueryData<Channel[]>(keys.channels, [general]);
  qc.setQueryData(keys.scheduled, list);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <ScheduledPage me={user('u1')} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return qc;
}
const cards = () => within(screen.getByRole('list', { name: 'Scheduled messages' })).getAllByRole('listitem');

describe('ScheduledPage', () => {
  it('says when each goes out, and why one that could not be sent was not', () => {
    renderPage([scheduled('a', { failedCode: 'channel_archived' }), scheduled('b', { body: 'Ship notes' })]);
    const [failed, waiting] = cards();
    expect(failed!.textContent).toContain('Not sent. The channel was archived.');
    expect(waiting!.textContent).toMatch(/Sends (today|tomorrow) at/);
    expect(waiting!.textContent).toContain('Ship notes');
  });

  it('offers only Delete for one whose conversation its author has left', () => {
    renderPage([scheduled('gone', { channelId: 'elsewhere', failedCode: 'channel_not_found' })]);
    const [card] = cards();
    expect(card!.textContent).toContain('a conversation');
    expect(
      within(card!)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Delete']);
  });

  it('sends one now and takes it off the list', async () => {
    api.mockResolvedValue({ message: { id: 'm1' } });
    const qc = renderPage([scheduled('a', {})]);
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(api).toHaveBeenCalledWith('POST', '/scheduled/a/send');
    await waitFor(() => expect(qc.getQueryData(keys.scheduled)).toEqual([]));
    expect(await screen.findByRole('heading', { name: 'Nothing scheduled' })).toBeTruthy();
  });
});
