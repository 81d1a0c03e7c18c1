import { describe, expect, it } from 'vitest';
import { openMentionAt, wordStartMatch } from './mention-typing';

describe('openMentionAt', () => {
  it('finds the mention being typed before the caret, and none inside an address', () => {
    expect(openMentionAt('hi @Bo')).toEqual({ start: 3, query: 'bo', trigger: '@' });
    expect(openMentionAt('mail x@example')).toBeUndefined();
  });

  it('finds the #channel being typed, and none inside an address or a word', () => {
    expect(openMentionAt('see #gen')).toEqual({ start: 4, query: 'gen', trigger: '#' });
    expect(openMentionAt('#')).toEqual({ start: 0, query: '', trigger: '#' });
    expect(openMentionAt('https://x.io/page#top')).toBeUndefined();
    expect(openMentionAt('issue#12')).toBeUndefined();
  });
});

describe('wordStartMatch', () => {
  it('finds what is typed at the start of any word, as the server matches, and nowhere else', () => {
    expect(wordStartMatch('Anders Baker', 'bak')).toBe(7);
    expect(wordStartMatch('anders.baker', 'bak')).toBe(7);
    expect(wordStartMatch('first.last', 'first.la')).toBe(0);
    expect(wordStartMatch('First Last', 'first.la')).toBe(0);
    expect(wordStartMatch('Anders Baker', 'ake')).toBe(-1);
    expect(wordStartMatch('Barbara Bar', 'bar')).toBe(0);
    expect(wordStartMatch('abar bark', 'bar')).toBe(5);
    expect(wordStartMatch('Anders', '')).toBe(-1);
  });
});
