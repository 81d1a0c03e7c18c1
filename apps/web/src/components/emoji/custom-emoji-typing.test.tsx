import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from '../message/composer';
import { CustomEmojiContext, type CustomEmojiView } from './custom-emoji-context';

vi.mock('./shortcodes', async (original) =>
  (await import('./test-emoji-index')).withLoadedShortcodes(await original<object>()),
);

const wave: CustomEmojiView = { name: 'parley-wave', url: '/api/v1/emoji/images/w', addedBy: null };
const lookup = { list: [wave], byName: (name: string) => (name === wave.name ? wave : undefined) };

function setup() {
  render(
    <CustomEmojiContext.Provider value={lookup}>
      <Composer label="Message #general" onSend={vi.fn()} onReact={vi.fn()} />
    </CustomEmojiContext.Provider>,
  );
  return screen.getByRole('textbox', { name: 'Message #general' }) as HTMLTextAreaElement;
}

describe('custom emoji in the composer', () => {
  it('offers a custom emoji with its picture and types it as :name:', async () => {
    const box = setup();
    await userEvent.type(box, 'hi :parl');
    const option = await screen.findByRole('option', { name: /:parley-wave:/ });
    expect(option.querySelector('img')?.getAttribute('src')).toBe('/api/v1/emoji/images/w');
    await userEvent.keyboard('{Enter}');
    expect(box.value).toBe('hi :parley-wave: ');
  });

  it('finds it by a later word of its name, and leaves it as typed on the closing colon', async () => {
    const box = setup();
    await userEvent.type(box, ':wav');
    expect((await screen.findAllByRole('option'))[0]!.textContent).toContain(':parley-wave:');
    await userEvent.keyboard('{Escape}');
    await userEvent.clear(box);
    await userEvent.type(box, ':parley-wave: ok');
    expect(box.value).toBe(':parley-wave: ok');
  });
});
