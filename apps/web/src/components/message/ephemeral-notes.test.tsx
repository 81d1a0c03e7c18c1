import { act, fireEvent, render, screen } from '@testing-library/react';
import type { EphemeralMessage, User } from '@parley/protocol';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../lib/config';
import { ephemeral, noteEphemeral } from '../../realtime/ephemeral';
import { EphemeralNotes } from './ephemeral-notes';

const BOT = { id: 'b1', username: 'shipit', displayName: 'Ship It', bot: true } as User;
const users = new Map([[BOT.id, BOT]]);
let n = 0;
const note = (text: string, where: Partial<EphemeralMessage> = {}): EphemeralMessage => ({
  id: `e${++n}`,
  channelId: 'c1',
  authorId: BOT.id,
  body: text,
  createdAt: '2026-12-01T10:00:00.000Z',
  ...where,
});

describe('EphemeralNotes', () => {
  beforeAll(async () => {
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    await loadConfig();
    vi.unstubAllGlobals();
  });

  it("shows a bot's answers for this conversation only, marked as seen by no one else, until dismissed", () => {
    act(() => ephemeral.set([]));
    render(<EphemeralNotes channelId="c1" users={users} />);
    act(() => {
      noteEphemeral(note('Deploying **main**'));
      noteEphemeral(note('Elsewhere', { channelId: 'c2' }));
      noteEphemeral(note('In a thread', { threadRootId: 'r1' }));
    });
    const shown = screen.getAllByTestId('ephemeral-note');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.textContent).toContain('Ship It');
    expect(shown[0]!.textContent).toContain('Bot');
    expect(shown[0]!.textContent).toContain('Only visible to you');
    expect(shown[0]!.querySelector('strong')?.textContent).toBe('Ship It');
    expect(shown[0]!.querySelector('.md strong')?.textContent).toBe('main');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss the message from Ship It' }));
    expect(screen.queryAllByTestId('ephemeral-note')).toHaveLength(0);
    // The others stay where they belong.
    expect(ephemeral.get().map((m) => m.body)).toEqual(['Elsewhere', 'In a thread']);
  });

  it('keeps the newest five of a conversation, and one answer once however often it arrives', () => {
    act(() => ephemeral.set([]));
    render(<EphemeralNotes channelId="c1" threadRootId="r1" users={users} />);
    const twice = note('Once', { threadRootId: 'r1' });
    act(() => {
      for (let i = 1; i <= 6; i++) noteEphemeral(note(`Answer ${i}`, { threadRootId: 'r1' }));
      noteEphemeral(twice);
      noteEphemeral(twice);
    });
    expect(screen.getAllByTestId('ephemeral-note').map((li) => li.querySelector('.md')?.textContent)).toEqual(
      ['Answer 3', 'Answer 4', 'Answer 5', 'Answer 6', 'Once'],
    );
  });
});
