import { describe, expect, it } from 'vitest';
import { newReactors, typingIn } from './typing';

describe('typingIn', () => {
  it('lists who is typing in a channel and lets indicators expire', () => {
    const all = { c1: { u1: 10_000, u2: 4_000 }, c2: { u3: 10_000 } };
    expect(typingIn(all, 'c1', 5_000)).toEqual(['u1']);
    expect(typingIn(all, 'c1', 3_000)).toEqual(['u1', 'u2']);
    expect(typingIn(all, 'c1', 11_000)).toEqual([]);
    expect(typingIn(all, 'nope', 0)).toEqual([]);
  });
});

describe('newReactors', () => {
  it('names who reacted with an emoji they had not, once, and not who took a reaction back', () => {
    const before = [{ emoji: '🎉', count: 2, userIds: ['u1', 'u2'] }];
    const after = [
      { emoji: '🎉', count: 1, userIds: ['u1'] },
      { emoji: '👍', count: 2, userIds: ['u2', 'u3'] },
      { emoji: '🚀', count: 1, userIds: ['u3'] },
    ];
    expect(newReactors(before, after)).toEqual(['u2', 'u3']);
    expect(newReactors(after, after)).toEqual([]);
  });
});
