import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ImportJob, SlackImportSummary } from '@parley/protocol';
import { linksCsv, SlackImportSection } from './slack-import-section';

const api = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api', async (original) => ({ ...(await original<object>()), api }));

const job = (state: ImportJob['state'], summary: SlackImportSummary): ImportJob => ({
  id: 'job1',
  state,
  summary,
  error: null,
  startedAt: '2026-11-29T10:00:00.000Z',
  finishedAt: state === 'running' ? null : '2026-11-29T10:01:00.000Z',
});

function renderSection(summary: SlackImportSummary) {
  const polls = [
    job('running', { ...summary, channels: summary.channels.slice(0, 1), messages: 1200 }),
    job('done', summary),
  ];
  api.mockImplementation(async (method: string) =>
    method === 'POST'
      ? { import: job('running', { ...summary, channels: [], skipped: [], messages: 0 }) }
      : { import: polls.shift() ?? job('done', summary) },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter>
        <SlackImportSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SlackImportSection', () => {
  it('sends the chosen export, shows how far it got, then says what came in, was renamed and was left out', async () => {
    renderSection({
      channelsTotal: 3,
      peopleCreated: 3,
      peopleMatched: 1,
      channels: [
        { name: 'general-slack', from: 'general', messages: 1200, private: false },
        { name: 'hr', from: 'hr', messages: 1, private: true },
      ],
      skipped: [{ name: 'random', reason: 'imported before' }],
      messages: 1201,
      messagesSkipped: 40,
    });
    const button = screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const zip = new File([new Uint8Array([0x50, 0x4b])], 'export.zip', { type: 'application/zip' });
    await userEvent.upload(screen.getByLabelText('Slack export (.zip)'), zip);
    await userEvent.click(button);
    const form = api.mock.calls[0]![2] as FormData;
    expect(api.mock.calls[0]!.slice(0, 2)).toEqual(['POST', '/admin/import/slack']);
    expect((form.get('file') as File).name).toBe('export.zip');

    expect((await screen.findByRole('status')).textContent).toContain('Importing…');
    await waitFor(
      () =>
        expect(screen.getByRole('status').textContent).toContain('2 of 3 channels, 1,200 messages so far'),
      { timeout: 3000 },
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Imported 2 channels'), {
      timeout: 3000,
    });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Imported 2 channels and 1,201 messages.');
    expect(api).toHaveBeenCalledWith('GET', '/admin/imports/job1');
    expect(status.textContent).toContain('3 new people can sign in once you give each a password reset link');
    expect(status.textContent).toContain('1 person matched an account here by username.');
    expect(within(status).getByRole('link', { name: '#general-slack' }).getAttribute('href')).toBe(
      '/c/general-slack',
    );
    expect(status.textContent).toContain('#general in Slack, renamed as the name is taken here');
    // A private channel the admin may not be in is named, not linked.
    expect(within(status).queryByRole('link', { name: '#hr' })).toBeNull();
    expect(status.textContent).toContain('Left out, imported before: #random.');
    expect(status.textContent).toContain('40 entries left out');
  });

  it('writes the sign-in links as CSV, quoting names with commas or quotes', () => {
    const csv = linksCsv(
      [
        {
          userId: 'u1',
          username: 'ann',
          displayName: 'Ann, "the" Lead',
          path: '/reset/t1',
          expiresAt: '2026-11-30T10:00:00.000Z',
        },
        {
          userId: 'u2',
          username: 'bo',
          displayName: 'Bo',
          path: '/reset/t2',
          expiresAt: '2026-11-30T10:00:00.000Z',
        },
      ],
      'https://chat.example.com',
    );
    expect(csv).toBe(
      [
        'username,name,link,expires',
        'ann,"Ann, ""the"" Lead",https://chat.example.com/reset/t1,2026-11-30T10:00:00.000Z',
        'bo,Bo,https://chat.example.com/reset/t2,2026-11-30T10:00:00.000Z',
        '',
      ].join('\n'),
    );
  });

  it('says when no one is waiting for a password, and downloads nothing', async () => {
    renderSection({
      channelsTotal: 0,
      peopleCreated: 0,
      peopleMatched: 0,
      channels: [],
      skipped: [],
      messages: 0,
      messagesSkipped: 0,
    });
    api.mockResolvedValueOnce({ links: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Download sign-in links (CSV)' }));
    expect(api).toHaveBeenLastCalledWith('POST', '/admin/import/slack/links');
    expect((await screen.findByRole('status')).textContent).toBe('Everyone imported has set a password.');
  });
});
