import { describe, expect, it } from 'vitest';
import { hasReacted, whoReacted, withReaction } from './reaction-list';

const names: Record<string, string> = { a: 'Ann', b: 'Bob', c: 'Cy', d: 'Dee', e: 'Eve' };
const nameOf = (id: string) => names[id] ?? 'Someone';
const thumbs = (userIds: string[]) => ({ emoji: '👍', count: userIds.length, userIds });

describe('withReaction', () => {
  it('adds a new emoji at the end and joins an existing one', () => {
    const list = [thumbs(['a'])];
    expect(withReaction(list, '🎉', 'b', true)).toEqual([
      thumbs(['a']),
      { emoji: '🎉', count: 1, userIds: ['b'] },
    ]);
    expect(withReaction(list, '👍', 'b', true)).toEqual([thumbs(['a', 'b'])]);
  });

  it('counts a user once per emoji', () => {
    const list = [thumbs(['a'])];
    expect(withReaction(list, '👍', 'a', true)).toBe(list);
  });

  it('removes the caller, and the pill with its last reactor', () => {
    expect(withReaction([thumbs(['a', 'b'])], '👍', 'a', false)).toEqual([thumbs(['b'])]);
    expect(withReaction([thumbs(['a'])], '👍', 'a', false)).toEqual([]);
    expect(hasReacted([thumbs(['a'])], '👍', 'b')).toBe(false);
  });
});

describe('whoReacted', () => {
  it('names up to three people, the caller as You', () => {
    expect(whoReacted(thumbs(['a']), nameOf, 'x')).toBe('Ann reacted with 👍');
    expect(whoReacted(thumbs(['a', 'b']), nameOf, 'b')).toBe('Ann and You reacted with 👍');
    expect(whoReacted(thumbs(['a', 'b', 'c']), nameOf, 'x')).toBe('Ann, Bob and Cy reacted with 👍');
  });

  it('sums up the rest as others', () => {
    expect(whoReacted(thumbs(['a', 'b', 'c', 'd', 'e']), nameOf, 'x')).toBe(
      'Ann, Bob and 3 others reacted with 👍',
    );
    expect(whoReacted(thumbs(['a', 'b', 'c', 'd']), nameOf, 'x')).toBe(
      'Ann, Bob and 2 others reacted with 👍',
    );
  });
});
