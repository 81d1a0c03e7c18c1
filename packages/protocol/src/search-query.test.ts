import { describe, expect, it } from 'vitest';
import { parseSearch } from './search-query.js';

const parsed = (q: string) => {
  const r = parseSearch(q);
  if (!r.ok) throw new Error(r.error);
  return r.query;
};
const error = (q: string) => {
  const r = parseSearch(q);
  return r.ok ? undefined : r.error;
};

describe('parseSearch', () => {
  it('reads words, "phrases", -exclusions and every filter', () => {
    expect(
      parsed(
        'Deplo "release notes" -staging -"old plan" from:@Alex in:#design after:2026-11-01 before:2026-11-30 has:link is:thread',
      ),
    ).toEqual({
      terms: ['deplo'],
      phrases: ['release notes'],
      excludes: ['staging', 'old plan'],
      from: 'alex',
      in: { channel: 'design' },
      after: '2026-11-01',
      before: '2026-11-30',
      has: ['link'],
      is: ['thread'],
    });
    expect(parsed('in:@bob hi').in).toEqual({ user: 'bob' });
  });

  it('keeps words with dashes, dots and URLs whole', () => {
    expect(parsed('api-v2 parley.example.com https://x.example/a?b=1').terms).toEqual([
      'api-v2',
      'parley.example.com',
      'https://x.example/a?b=1',
    ]);
  });

  it('allows a search of filters alone when one narrows it, and says what is wrong otherwise', () => {
    expect(parsed('from:@bob').terms).toEqual([]);
    expect(error('')).toMatch(/word of at least 2 letters/);
    expect(error('a -b')).toMatch(/word of at least 2 letters/);
    expect(error('on:2026-02-30 x')).toMatch(/YYYY-MM-DD/);
    expect(error('before:yesterday x')).toMatch(/YYYY-MM-DD/);
    expect(error('has:video')).toMatch(/has: takes/);
    expect(error('in:design')).toMatch(/in: takes/);
    expect(error('x'.repeat(501))).toMatch(/at most 500/);
    expect(error(Array.from({ length: 17 }, (_, i) => `word${i}`).join(' '))).toMatch(/at most 16/);
  });
});
