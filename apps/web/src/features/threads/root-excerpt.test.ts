import { describe, expect, it } from 'vitest';
import { excerpt } from './root-excerpt';

describe('excerpt', () => {
  it('regression: dropped the # of "#general" and the _ of "@bob_smith", so the mention showed no chip', () => {
    expect(excerpt('@bob_smith see _this_ in #general')).toBe('@bob_smith see this in #general');
  });

  it('drops markdown marks, heading and quote marks, and line breaks; code becomes [code]', () => {
    expect(excerpt('## Plan\n> **ship** it\n```\nnpm start\n```\n~~old~~ `x`')).toBe(
      'Plan ship it [code] old x',
    );
  });
});
