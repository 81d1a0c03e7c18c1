import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer, EditBox } from './composer';

describe('Composer', () => {
  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const onSend = vi.fn();
    render(<Composer label="Message #general" onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message #general' });
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second');
    expect(onSend).not.toHaveBeenCalled();
    expect((box as HTMLTextAreaElement).value).toBe('first line\nsecond');
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('first line\nsecond'));
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('does not send blank text and asks to edit the last message on Up when empty', async () => {
    const onSend = vi.fn();
    const onEditLast = vi.fn();
    render(<Composer label="Message #x" onSend={onSend} onEditLast={onEditLast} />);
    const box = screen.getByRole('textbox');
    await userEvent.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.clear(box);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(onEditLast).toHaveBeenCalled();
  });
});

describe('Composer broadcasts and drafts', () => {
  it('sends a shortcode as typed when the emoji data cannot load (offline), without holding the send', async () => {
    const onSend = vi.fn();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    render(<Composer label="Message #general" onSend={onSend} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'back soon :wave:' } });
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('back soon :wave:'));
    vi.unstubAllGlobals();
  });

  it('asks before an @channel reaches more than 50 people, and sends once confirmed', async () => {
    const onSend = vi.fn();
    render(<Composer label="Message #all" onSend={onSend} broadcasts audience={51} />);
    const box = screen.getByRole('textbox', { name: 'Message #all' });
    await userEvent.type(box, '@channel lunch is here{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByText('Notify 51 people?')).toBeTruthy();
    fireEvent.click(screen.getByText('Send and notify'));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('@channel lunch is here'));
  });

  it('sends a broadcast to a small channel, or a plain message to a big one, without asking', async () => {
    const onSend = vi.fn();
    const { unmount } = render(<Composer label="Message #few" onSend={onSend} broadcasts audience={12} />);
    await userEvent.type(screen.getByRole('textbox'), '@here standup{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenLastCalledWith('@here standup'));
    unmount();
    render(<Composer label="Message #many" onSend={onSend} broadcasts audience={400} />);
    await userEvent.type(screen.getByRole('textbox'), 'mail me at x@here.example{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenLastCalledWith('mail me at x@here.example'));
  });

  it('starts with the draft, takes a newer one from another device until typed in, and reports each change', async () => {
    const onTextChange = vi.fn();
    const { rerender } = render(<Composer label="Message #d" onSend={vi.fn()} initialText="from laptop" />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox');
    expect(box.value).toBe('from laptop');
    rerender(
      <Composer label="Message #d" onSend={vi.fn()} initialText="from phone" onTextChange={onTextChange} />,
    );
    expect(box.value).toBe('from phone');
    await userEvent.type(box, '!');
    expect(onTextChange).toHaveBeenLastCalledWith('from phone!');
    rerender(
      <Composer label="Message #d" onSend={vi.fn()} initialText="stale" onTextChange={onTextChange} />,
    );
    expect(box.value).toBe('from phone!');
  });
});

describe('EditBox', () => {
  it('cancels on Escape and saves on Enter', async () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    render(<EditBox initial="old" onSave={onSave} onCancel={onCancel} />);
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    await userEvent.type(box, ' text{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('old text'));
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalled();
  });

  it('saved with no text, offers to delete instead where it may, and else keeps the editor', async () => {
    const onSave = vi.fn();
    const onEmpty = vi.fn();
    const { unmount } = render(
      <EditBox initial="old" onSave={onSave} onCancel={vi.fn()} onEmpty={onEmpty} />,
    );
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(box);
    await userEvent.type(box, '  {Enter}');
    expect(onEmpty).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
    unmount();
    render(<EditBox initial="old" onSave={onSave} onCancel={vi.fn()} />);
    await userEvent.clear(screen.getByRole('textbox', { name: 'Edit message' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Edit message' }), '{Enter}');
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('Composer mentions', () => {
  const bob = {
    id: '00000000-0000-4000-8000-000000000002',
    username: 'bob',
    displayName: 'Bob Baker',
    role: 'member' as const,
    status: 'active' as const,
    dndUntil: null,
    customStatus: null,
    timeZone: null,
    avatarId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('mention list asked twice per key: each key after @ asks once, and picking inserts the username', async () => {
    const source = vi.fn(async (query: string) => ({ users: query.length < 3 ? [bob] : [], groups: [] }));
    render(<Composer label="Message #m" onSend={vi.fn()} mentionSource={source} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox');
    await userEvent.type(box, 'hi @bo');
    expect(source.mock.calls.map(([q]) => q)).toEqual(['', 'b', 'bo']);
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(list.textContent).toContain('@bob');
    // What was typed is marked where it starts a word: in "Bob Baker" and in "bob".
    expect([...list.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Bo', 'bo']);
    await userEvent.keyboard('{Enter}');
    expect(box.value).toBe('hi @bob ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a mention list that answers after the message was sent does not open over the empty box', async () => {
    let answer: (found: { users: (typeof bob)[]; groups: [] }) => void = () => {};
    const source = vi.fn(() => new Promise<{ users: (typeof bob)[]; groups: [] }>((r) => (answer = r)));
    const onSend = vi.fn();
    render(<Composer label="Message #m" onSend={onSend} mentionSource={source} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox');
    fireEvent.change(box, { target: { value: 'ship it @bob', selectionStart: 12 } });
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(box.value).toBe(''));
    expect(onSend).toHaveBeenCalledWith('ship it @bob');
    answer({ users: [bob], groups: [] });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('marks who is not in the channel, as Slack does, and no one else', async () => {
    const ann = {
      ...bob,
      id: '00000000-0000-4000-8000-000000000003',
      username: 'bo.ann',
      displayName: 'Ann',
    };
    const source = vi.fn(async () => ({ users: [bob, ann], notInChannel: [ann.id], groups: [] }));
    render(<Composer label="Message #m" onSend={vi.fn()} mentionSource={source} />);
    await userEvent.type(screen.getByRole('textbox'), '@bo');
    const [member, outsider] = await screen.findAllByRole('option');
    expect(member!.textContent).not.toContain('Not in channel');
    expect(outsider!.textContent).toMatch(/Ann @bo\.annNot in channel$/);
  });

  it("after #, offers the reader's channels and inserts the one picked, as Slack does", async () => {
    const channels = (q: string) => ['general', 'ops-team', 'random'].filter((n) => n.includes(q));
    const onSend = vi.fn();
    render(<Composer label="Message #m" onSend={onSend} channelSource={channels} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox');
    await userEvent.type(box, 'see #te');
    const list = await screen.findByRole('listbox', { name: 'Channels to link' });
    expect(list.textContent).toBe('# ops-team');
    await userEvent.keyboard('{Enter}');
    expect(box.value).toBe('see #ops-team ');
    expect(onSend).not.toHaveBeenCalled();
  });
});
