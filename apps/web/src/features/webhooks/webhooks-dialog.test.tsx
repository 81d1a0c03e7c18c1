import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Channel, User, Webhook } from '@parley/protocol';
import { channel, user } from '../../lib/test-fixtures';
import WebhooksDialog from './webhooks-dialog';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));

const hook = (id: string, createdBy: string, extra: Partial<Webhook> = {}): Webhook => ({
  id,
  channelId: 'c1',
  name: `Hook ${id}`,
  createdBy,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
  ...extra,
});
const URL_ONCE = 'http://parley.test/api/v1/hooks/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

function renderDialog(me: User, listed: Webhook[], where: Channel = channel()) {
  api.mockImplementation(async (method: string, path: string, body?: { name: string }) => {
    if (method === 'GET') return { webhooks: path.endsWith('/outgoing-webhooks') ? [] : listed };
    if (method === 'POST' && path.endsWith('/url'))
      return { webhook: hook('mine', me.id), url: `${URL_ONCE}2` };
    if (method === 'POST') return { webhook: hook('new', me.id, { name: body!.name }), url: URL_ONCE };
    return undefined;
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const users = new Map([me, user('u2', { displayName: 'Bob' })].map((u) => [u.id, u]));
  render(
    <QueryClientProvider client={qc}>
      <WebhooksDialog channel={where} me={me} users={users} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('WebhooksDialog', () => {
  it('adds a webhook and shows its URL once, with a way to try it', async () => {
    renderDialog(user('u1'), []);
    const incoming = screen.getByRole('region', { name: 'Incoming webhooks', hidden: true });
    expect(await within(incoming).findByText('None yet', {}, { timeout: 2000 })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Name/, hidden: true }), '  CI ');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook', hidden: true }));
    expect(api).toHaveBeenCalledWith('POST', '/channels/c1/webhooks', { name: 'CI' });
    const url = (await screen.findByRole('textbox', {
      name: 'Webhook URL',
      hidden: true,
    })) as HTMLInputElement;
    expect(url.value).toBe(URL_ONCE);
    expect(screen.getByText(/not shown again/)).toBeTruthy();
    expect(screen.getByText(/curl -X POST/).textContent).toContain(URL_ONCE);
    await userEvent.click(screen.getByRole('button', { name: 'Add another', hidden: true }));
    expect(screen.queryByRole('textbox', { name: 'Webhook URL', hidden: true })).toBeNull();
  });

  it('says who added each and when it last posted, and lets only its adder or an admin remove it', async () => {
    const me = user('u1');
    renderDialog(me, [hook('mine', 'u1', { lastUsedAt: '2026-11-02T08:30:00.000Z' }), hook('theirs', 'u2')]);
    const mine = (await screen.findByText('Hook mine')).closest('li')!;
    expect(within(mine).getByText(/Added by you · last posted/)).toBeTruthy();
    const theirs = screen.getByText('Hook theirs').closest('li')!;
    expect(within(theirs).getByText('Added by Bob · has not posted yet')).toBeTruthy();
    expect(within(theirs).queryByRole('button', { hidden: true })).toBeNull();

    await userEvent.click(within(mine).getByRole('button', { name: 'Remove Hook mine', hidden: true }));
    expect(screen.getByText(/Tools using its URL will get an error/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove webhook', hidden: true }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('DELETE', '/webhooks/mine'));
  });

  it('gives a webhook a new URL after a question, and shows it once', async () => {
    renderDialog(user('u1'), [hook('mine', 'u1')]);
    const mine = (await screen.findByText('Hook mine')).closest('li')!;
    await userEvent.click(within(mine).getByRole('button', { name: 'New URL for Hook mine', hidden: true }));
    expect(screen.getByText(/Its current URL stops working at once/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Make a new URL', hidden: true }));
    expect(api).toHaveBeenCalledWith('POST', '/webhooks/mine/url');
    const url = (await screen.findByRole('textbox', {
      name: 'Webhook URL',
      hidden: true,
    })) as HTMLInputElement;
    expect(url.value).toBe(`${URL_ONCE}2`);
    expect(screen.getByText(/has a new URL/)).toBeTruthy();
  });

  it("offers a channel admin the removal of anyone's webhook", async () => {
    const admin = channel({ membership: { ...channel().membership!, role: 'admin' } });
    renderDialog(user('u1'), [hook('theirs', 'u2')], admin);
    const theirs = (await screen.findByText('Hook theirs')).closest('li')!;
    expect(within(theirs).getByRole('button', { name: 'Remove Hook theirs', hidden: true })).toBeTruthy();
  });
});
