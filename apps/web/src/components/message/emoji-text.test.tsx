import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomEmojiContext, type CustomEmojiView } from '../emoji/custom-emoji-context';
import { MessageBody } from './markdown';

const wave: CustomEmojiView = { name: 'parley-wave', url: '/api/v1/emoji/images/w', addedBy: null };
const parrot: CustomEmojiView = { name: 'party_parrot', url: '/api/v1/emoji/images/p', addedBy: null };
const lookup = {
  list: [wave, parrot],
  byName: (name: string) => [wave, parrot].find((e) => e.name === name),
};
const body = (text: string) =>
  render(
    <CustomEmojiContext.Provider value={lookup}>
      <MessageBody text={text} />
    </CustomEmojiContext.Provider>,
  ).container;

describe('custom emoji in a message', () => {
  it('draws a known :name: as its picture, with :name: as alt and title', () => {
    const container = body('hello :parley-wave: there :party_parrot:!');
    const images = [...container.querySelectorAll('img.custom-emoji')];
    expect(images.map((i) => i.getAttribute('alt'))).toEqual([':parley-wave:', ':party_parrot:']);
    expect(images[0]!.getAttribute('title')).toBe(':parley-wave:');
    expect(images[0]!.getAttribute('src')).toBe('/api/v1/emoji/images/w');
    expect(container.textContent).toBe('hello  there !');
  });

  it('keeps an unknown name as text, and leaves code spans and blocks alone', () => {
    const container = body('an :unknown: one `:parley-wave:`\n\n```\n:parley-wave:\n```');
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(container.textContent).toContain(':unknown:');
    expect(container.querySelector('code')?.textContent).toBe(':parley-wave:');
    expect(container.querySelector('pre')?.textContent).toContain(':parley-wave:');
  });

  it('keeps mentions and line breaks beside a custom emoji', () => {
    const container = body('line :parley-wave:\nnext');
    expect(container.querySelectorAll('img.custom-emoji')).toHaveLength(1);
    expect(container.querySelectorAll('br')).toHaveLength(1);
  });
});
