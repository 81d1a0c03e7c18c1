import { describe, expect, it } from 'vitest';
import { normalizeEmoji } from './emoji.js';

describe('normalizeEmoji', () => {
  it('regression: stores one form of 👍 whether sent bare, with a presentation selector or as a shortcode', () => {
    const forms = ['👍', '👍\uFE0F', ':thumbsup:', ':+1:'].map(normalizeEmoji);
    expect(new Set(forms)).toEqual(new Set(['👍']));
  });

  it('keeps the selector where the emoji needs it, and joined sequences whole', () => {
    expect(normalizeEmoji('❤')).toBe('❤\uFE0F');
    expect(normalizeEmoji(':heart:')).toBe('❤\uFE0F');
    expect(normalizeEmoji('🏳️‍🌈')).toBe('🏳️‍🌈');
    expect(normalizeEmoji('👍🏽')).toBe('👍🏽');
  });

  it('refuses text, two emoji and unknown shortcodes', () => {
    for (const bad of ['a', '👍👍', ':nope_nope:', '', '\uFE0F']) expect(normalizeEmoji(bad)).toBeUndefined();
  });
});
