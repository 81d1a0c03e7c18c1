import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer, EditBox } from '../message/composer';
import { buildIndex } from './shortcode-index';
import { emojiFiles } from './test-emoji-index';

vi.mock('./shortcodes', async (original) =>
  (await import('./test-emoji-index')).withLoadedShortcodes(await original<object>()),
);

const THUMBS = buildIndex(...emojiFiles()).byCode.get('thumbsup')!;

function setup() {
  const onSend = vi.fn();
  const onReact = vi.fn();
  render(<Composer label="Message #general" onSend={onSend} onReact={onReact} />);
  const box = screen.getByRole('textbox', { name: 'Message #general' }) as HTMLTextAreaElement;
  return { box, onSend, onReact };
}

const options = () => screen.getAllByRole('option');
const selected = () => screen.getByRole('option', { selected: true });

describe('shortcodes in the composer', () => {
  it('turns :tada: into its emoji on the closing colon', async () => {
    const { box } = setup();
    await userEvent.type(box, 'done :ta');
    await screen.findByRole('listbox');
    await userEvent.type(box, 'da: yes');
    expect(box.value).toBe('done 🎉 yes');
  });

  // A pasted `:wave:`, or one typed before the emoji data came, used to be sent as text.
  it('turns shortcodes still in the text into emoji as it is sent, once however often Enter is pressed', async () => {
    const { box, onSend } = setup();
    fireEvent.change(box, { target: { value: ':wave: morning, `:tada:` stays' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(box.value).toBe(''));
    expect(onSend.mock.calls.map(([text]: string[]) => text!.replace(/\uFE0F/g, ''))).toEqual([
      '👋 morning, `:tada:` stays',
    ]);
  });

  // Regression: the next message, typed while a `:wave:` waited for the emoji data, was wiped from the box.
  it('keeps what is typed while a send waits for the emoji data, and sends it next, in order', async () => {
    const { box, onSend } = setup();
    fireEvent.change(box, { target: { value: ':wave: one' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'two' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.change(box, { target: { value: 'three, still typing' } });
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    expect(onSend.mock.calls.map(([text]: string[]) => text!.replace(/\uFE0F/g, ''))).toEqual([
      '👋 one',
      'two',
    ]);
    expect(box.value).toBe('three, still typing');
  });

  it('turns them into emoji in an edit too, saved once', async () => {
    const onSave = vi.fn();
    render(<EditBox initial="shipped" onSave={onSave} onCancel={() => {}} />);
    const box = screen.getByRole('textbox', { name: 'Edit message' });
    fireEvent.change(box, { target: { value: 'shipped :tada:' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0].replace(/\uFE0F/g, '')).toBe('shipped 🎉');
  });

  it('leaves unknown shortcodes and times as typed', async () => {
    const { box } = setup();
    await userEvent.type(box, 'at 10:30: :nosuchemoji:');
    expect(box.value).toBe('at 10:30: :nosuchemoji:');
  });

  it('offers matches after a colon and two letters, driven by the keyboard', async () => {
    const { box, onSend } = setup();
    await userEvent.type(box, 'hi :t');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(box, 'hu');
    await screen.findByRole('listbox');
    expect(selected().textContent).toContain(':thumbsup:');
    expect(box.getAttribute('aria-activedescendant')).toBe(selected().id);
    await userEvent.keyboard('{ArrowDown}');
    const second = options()[1]!;
    expect(selected()).toBe(second);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(selected()).toBe(options().at(-1));
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(box.value).toBe(`hi ${THUMBS} `);
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('takes Tab to choose and Escape to close without choosing', async () => {
    const { box } = setup();
    await userEvent.type(box, ':tad');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.value).toBe(':tad');
    await userEvent.type(box, ' :thu');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Tab}');
    expect(box.value).toBe(`:tad ${THUMBS} `);
    expect(document.activeElement).toBe(box);
  });

  it('chooses with the mouse', async () => {
    const { box } = setup();
    await userEvent.type(box, 'ok :smi');
    await screen.findByRole('listbox');
    const smile = screen.getByRole('option', { name: /:smile:/ });
    await userEvent.click(smile);
    expect(box.value).toBe('ok 😄 ');
    expect(document.activeElement).toBe(box);
  });
});

describe('+:emoji: in the composer', () => {
  it('reacts instead of sending, with a shortcode or an emoji', async () => {
    const { box, onSend, onReact } = setup();
    fireEvent.change(box, { target: { value: '+:thumbsup:' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onReact).toHaveBeenCalledWith('👍'));
    expect(box.value).toBe('');
    fireEvent.change(box, { target: { value: '+👍\uFE0F' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onReact).toHaveBeenCalledTimes(2));
    // Both in the fully-qualified form the server stores, so they count as one reaction.
    expect(onReact).toHaveBeenLastCalledWith('👍');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps an unknown shortcode in the box and says so', async () => {
    const { box, onSend, onReact } = setup();
    fireEvent.change(box, { target: { value: '+:nosuchemoji:' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'No emoji is called :nosuchemoji:',
    );
    expect(box.value).toBe('+:nosuchemoji:');
    expect(onReact).not.toHaveBeenCalled();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends +1 and text around a command as an ordinary message', async () => {
    const { box, onSend, onReact } = setup();
    await userEvent.type(box, '+1{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('+1'));
    expect(onReact).not.toHaveBeenCalled();
  });
});
