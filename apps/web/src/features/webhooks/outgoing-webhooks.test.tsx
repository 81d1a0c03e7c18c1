import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Channel, CreateOutgoingWebhookBody, OutgoingWebhook, User } from '@parley/protocol';
import { channel, user } from '../../lib/test-fixtures';
import { splitTriggerWords } from './add-outgoing-webhook';
import WebhooksDialog from './webhooks-dialog';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));

const hook = (id: string, createdBy: string, extra: Partial<OutgoingWebhook> = {}): OutgoingWebhook => ({
  id,
  channelId: 'c1',
  name: `Bot ${id}`,
  url: `https://${id}.example.com/parley?key=1`,
  triggerWords: [],
  createdBy,
  createdAt: '2026-11-01T10:00:00.000Z',
  lastCalledAt: null,
  lastResult: null,
  ...extra,
});
const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz012345';
const asAdmin = channel({ membership: { ...channel().membership!, role: 'admin' } });

function renderDialog(me: User, listed: OutgoingWebhook[], where: Channel = channel()) {
  api.mockImplementation(async (method: string, path: string, body?: CreateOutgoingWebhookBody) => {
    if (method === 'GET') return { webhooks: path.endsWith('/outgoing-webhooks') ? listed : [] };
    if (method === 'POST') return { webhook: hook('new', me.id, body), secret: SECRET };
    return undefined;
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const users = new Map([me, user('u2', { displayName: 'Bob' })].map((u) => [u.id, u]));
  render(
    <QueryClientProvider client={qc}>
      <WebhooksDialog channel={where} me={me} users={users} onClose={() => {}} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Outgoing webhooks', hidden: true });
}

describe('OutgoingWebhooks', () => {
  beforeEach(() => api.mockClear());

  it('lists where each sends, on which words, who added it and how its last call went', async () => {
    const section = renderDialog(user('u1'), [
      hook('ci', 'u2', {
        triggerWords: ['deploy', 'ship'],
        lastCalledAt: '2026-11-02T15:04:00.000Z',
        lastResult: 'ok',
      }),
      hook('chat', 'u1', { lastCalledAt: '2026-11-02T15:05:00.000Z', lastResult: 'HTTP 500' }),
      hook('idle', 'u2'),
    ]);
    const ci = (await within(section).findByText('Bot ci', {}, { timeout: 2000 })).closest('li')!;
    expect(within(ci).getByText('ci.example.com').title).toBe('https://ci.example.com/parley?key=1');
    expect(within(ci).getByText('deploy').className).toBe('trigger-word');
    expect(within(ci).getByText('ship')).toBeTruthy();
    expect(within(ci).getByText(/Added by Bob/)).toBeTruthy();
    expect(within(ci).getByText(/^Last call: ok · /).className).not.toContain('last-call-failed');

    const chat = within(section).getByText('Bot chat').closest('li')!;
    expect(within(chat).getByText(/every message/)).toBeTruthy();
    expect(within(chat).getByText(/Added by you/)).toBeTruthy();
    expect(within(chat).getByText(/^Last call: HTTP 500 · /).className).toContain('last-call-failed');

    const idle = within(section).getByText('Bot idle').closest('li')!;
    expect(within(idle).getByText('Not called yet')).toBeTruthy();
    expect(within(section).getByText('3 in this channel')).toBeTruthy();
  });

  it('shows a member the list only, and removal of only what they added', async () => {
    const section = renderDialog(user('u1'), [hook('mine', 'u1'), hook('theirs', 'u2')]);
    await within(section).findByText('Bot theirs', {}, { timeout: 2000 });
    expect(within(section).queryByRole('form', { name: 'Add outgoing webhook', hidden: true })).toBeNull();
    expect(within(section).getByText('Channel admins can add outgoing webhooks.')).toBeTruthy();
    const theirs = within(section).getByText('Bot theirs').closest('li')!;
    expect(within(theirs).queryByRole('button', { hidden: true })).toBeNull();
    const mine = within(section).getByText('Bot mine').closest('li')!;
    expect(within(mine).getByRole('button', { name: 'Remove Bot mine', hidden: true })).toBeTruthy();
  });

  it('lets a channel admin add one on trigger words, then shows its signing secret once', async () => {
    const section = renderDialog(user('u1'), [], asAdmin);
    const form = within(section).getByRole('form', { name: 'Add outgoing webhook', hidden: true });
    expect(within(section).queryByText('Channel admins can add outgoing webhooks.')).toBeNull();
    await userEvent.type(within(form).getByRole('textbox', { name: /Name/, hidden: true }), ' Deployer ');
    await userEvent.type(
      within(form).getByRole('textbox', { name: /URL/, hidden: true }),
      'https://bots.example.com/parley',
    );
    await userEvent.type(
      within(form).getByRole('textbox', { name: /Trigger words/, hidden: true }),
      'deploy, ship',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add outgoing webhook', hidden: true }));
    expect(api).toHaveBeenCalledWith('POST', '/channels/c1/outgoing-webhooks', {
      name: 'Deployer',
      url: 'https://bots.example.com/parley',
      triggerWords: ['deploy', 'ship'],
    });
    const secret = (await within(section).findByRole('textbox', {
      name: 'Signing secret',
      hidden: true,
    })) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(within(section).getByText(/not shown again/)).toBeTruthy();
    expect(within(section).getByText(/X-Parley-Signature: v1=HMAC-SHA256/).textContent).toContain(SECRET);
    await userEvent.click(within(section).getByRole('button', { name: 'Add another', hidden: true }));
    expect(within(section).queryByRole('textbox', { name: 'Signing secret', hidden: true })).toBeNull();
    expect(within(section).getByRole('form', { name: 'Add outgoing webhook', hidden: true })).toBeTruthy();
  });

  it('removes one after asking, with one DELETE', async () => {
    const section = renderDialog(user('u1'), [hook('theirs', 'u2')], asAdmin);
    const theirs = (await within(section).findByText('Bot theirs', {}, { timeout: 2000 })).closest('li')!;
    await userEvent.click(within(theirs).getByRole('button', { name: 'Remove Bot theirs', hidden: true }));
    expect(screen.getByText(/Parley stops sending messages to theirs.example.com/)).toBeTruthy();
    expect(api).not.toHaveBeenCalledWith('DELETE', expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Remove webhook', hidden: true }));
    await waitFor(() => expect(api).toHaveBeenCalledWith('DELETE', '/outgoing-webhooks/theirs'));
    expect(api.mock.calls.filter(([method]) => method === 'DELETE')).toHaveLength(1);
  });
});

describe('splitTriggerWords', () => {
  it('splits on spaces and commas and drops the empties', () => {
    expect(splitTriggerWords(' deploy, ship,,  hotfix ')).toEqual(['deploy', 'ship', 'hotfix']);
    expect(splitTriggerWords(' , ')).toEqual([]);
  });
});
