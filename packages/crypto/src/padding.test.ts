import { describe, expect, it } from 'vitest';
import { PAD_BUCKETS, padText, unpadText } from './padding.js';

const size = (s: string) => new TextEncoder().encode(s).length;

describe('message padding', () => {
  it('pads to the smallest bucket that holds the text and a marker, and strips it again', () => {
    for (const text of ['', 'hi', 'x'.repeat(255), 'x'.repeat(256), 'é'.repeat(600), '🙂'.repeat(4000)]) {
      const padded = padText(text);
      expect(PAD_BUCKETS).toContain(size(padded));
      expect(size(padded)).toBeGreaterThan(size(text));
      expect(unpadText(padded)).toBe(text);
    }
  });

  it('hides the length within a bucket: a short and a longer message encrypt to the same size', () => {
    expect(size(padText('ok'))).toBe(size(padText('a somewhat longer message, still under 256 bytes')));
    expect(size(padText('x'.repeat(300)))).toBe(1024);
  });

  it('reads a message sent before padding unchanged', () => {
    expect(unpadText('an old message with no pad')).toBe('an old message with no pad');
  });
});
