import { describe, expect, it } from 'vitest';
import { jumboEmojiCount } from './emoji-form';

const custom = (name: string) => name === 'partyparrot';

describe('jumboEmojiCount', () => {
  it('counts a message of emoji alone, with skin tones, families, flags and known custom emoji', () => {
    expect(jumboEmojiCount('🎉', custom)).toBe(1);
    expect(jumboEmojiCount(' 👍🏽 👨‍👩‍👧 🇫🇷\n:partyparrot: ', custom)).toBe(4);
    expect(jumboEmojiCount('❤', custom)).toBe(1);
  });

  it('is 0 for words, an unknown :name:, digits, punctuation, or more than 23 emoji', () => {
    expect(jumboEmojiCount('ok 👍', custom)).toBe(0);
    expect(jumboEmojiCount(':shrug:', custom)).toBe(0);
    expect(jumboEmojiCount('👍!', custom)).toBe(0);
    expect(jumboEmojiCount('1️⃣', custom)).toBe(0);
    expect(jumboEmojiCount('', custom)).toBe(0);
    expect(jumboEmojiCount('   ', custom)).toBe(0);
    expect(jumboEmojiCount('🎉'.repeat(23), custom)).toBe(23);
    expect(jumboEmojiCount('🎉'.repeat(24), custom)).toBe(0);
  });
});
