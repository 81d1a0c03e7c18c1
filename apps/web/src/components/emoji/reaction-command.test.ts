import { describe, expect, it } from 'vitest';
import { canonicalEmoji, isSingleEmoji } from './emoji-form';
import { parseReactionCommand, resolveReactionCommand } from './reaction-command';

describe('parseReactionCommand', () => {
  it('reads +:shortcode: and +emoji', () => {
    expect(parseReactionCommand('+:thumbsup:')).toEqual({ shortcode: 'thumbsup' });
    expect(parseReactionCommand('  +:+1:  ')).toEqual({ shortcode: '+1' });
    expect(parseReactionCommand('+:Tada:')).toEqual({ shortcode: 'tada' });
    expect(parseReactionCommand('+👍')).toEqual({ emoji: '👍' });
    expect(parseReactionCommand('+👍🏽')).toEqual({ emoji: '👍🏽' });
    expect(parseReactionCommand('+❤️')).toEqual({ emoji: '❤️' });
    expect(parseReactionCommand('+👨‍👩‍👧')).toEqual({ emoji: '👨‍👩‍👧' });
  });

  it('leaves ordinary messages alone', () => {
    for (const text of ['+1', '+:thumbsup: nice', 'great +:tada:', '+👍👍', '+ok', ':thumbsup:', '+', '+::'])
      expect(parseReactionCommand(text), text).toBeUndefined();
  });
});

describe('isSingleEmoji', () => {
  it('accepts one emoji with or without its presentation selector, nothing else', () => {
    expect(isSingleEmoji('👍')).toBe(true);
    expect(isSingleEmoji('👍\uFE0F')).toBe(true);
    expect(isSingleEmoji('🇫🇷')).toBe(true);
    expect(isSingleEmoji('a')).toBe(false);
    expect(isSingleEmoji('1')).toBe(false);
    expect(isSingleEmoji('👍👍')).toBe(false);
  });
});

describe('canonicalEmoji', () => {
  it('gives the fully-qualified form the server stores', () => {
    expect(canonicalEmoji('👍\uFE0F')).toBe('👍');
    expect(canonicalEmoji('👍')).toBe('👍');
    expect(canonicalEmoji('❤')).toBe('❤\uFE0F');
    expect(canonicalEmoji('❤\uFE0F')).toBe('❤\uFE0F');
    expect(canonicalEmoji('🏳\uFE0F\u200D🌈')).toBe('🏳\uFE0F\u200D🌈');
    expect(canonicalEmoji('👍🏽')).toBe('👍🏽');
    expect(canonicalEmoji('x')).toBe('x');
  });
});

describe('a reaction command with a custom emoji', () => {
  it('names a custom emoji as :name:, and nothing when no emoji has that name', async () => {
    const isCustom = (name: string) => name === 'parley-wave';
    expect(await resolveReactionCommand({ shortcode: 'parley-wave' }, isCustom)).toBe(':parley-wave:');
    expect(await resolveReactionCommand({ shortcode: 'nosuchemoji' }, isCustom)).toBeUndefined();
  });
});
