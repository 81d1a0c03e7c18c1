import { describe, expect, it } from 'vitest';
import { typingIn } from './typing';

describe('typingIn', () => {
  it('lists who is typing in a channel and lets indicators expire', () => {
    const all = { c1: { u1: 10_000, u2: 4_000 }, c2: { u3: 10_000 } };
    expect(typingIn(all, 'c1', 5_000)).toEqual(['u1']);
    expect(typingIn(all, 'c1', 3_000)).toEqual(['u1', 'u2']);
    expect(typingIn(all, 'c1', 11_000)).toEqual([]);
    expect(typingIn(all, 'nope', 0)).toEqual([]);
  });
});
