import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { runKnownAnswerTests } from '../src/self-test.js';

describe('runKnownAnswerTests', () => {
  it('passes every published vector on this runtime', async () => {
    const results = await runKnownAnswerTests();
    expect(results.map((r) => r.name)).toHaveLength(9);
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });
});

describe('public API', () => {
  it('exports the envelope, keys and file functions', () => {
    for (const name of ['sealEnvelope', 'openEnvelope', 'encryptMessage', 'wrapChannelKey', 'encryptFile']) {
      expect(typeof (api as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('never exports unauthenticated CTR or raw MAC primitives', () => {
    for (const name of ['aesCtr', 'hmacSha256', 'importAesCtrKey', 'counterBlock']) {
      expect(name in api).toBe(false);
    }
  });
});
