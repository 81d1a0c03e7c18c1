import { describe, expect, it } from 'vitest';
import * as files from '../src/files.js';
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
  it('exports the envelope and keys, and the file functions from their own entry', () => {
    for (const name of ['sealEnvelope', 'openEnvelope', 'encryptMessage', 'wrapChannelKey']) {
      expect(typeof (api as Record<string, unknown>)[name]).toBe('function');
    }
    for (const name of ['encryptFile', 'sealFile', 'openSealedFile', 'readFileRange']) {
      expect(typeof (files as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('never exports unauthenticated CTR or raw MAC primitives, nor the self-test the browser loads on demand', () => {
    for (const name of ['aesCtr', 'hmacSha256', 'importAesCtrKey', 'counterBlock', 'runKnownAnswerTests']) {
      expect(name in api).toBe(false);
      expect(name in files).toBe(false);
    }
  });
});
