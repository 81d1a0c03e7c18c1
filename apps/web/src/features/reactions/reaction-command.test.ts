import { describe, expect, it } from 'vitest';
import { isSingleEmoji, parseReactionCommand } from './reaction-command';

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
