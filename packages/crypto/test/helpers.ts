import { hkdfSync } from 'node:crypto';
import { expect } from 'vitest';
import { CryptoError, type CryptoErrorCode } from '../src/errors.js';

/** The enc and MAC keys as docs/encryption.md derives them, computed by Node instead of WebCrypto. */
export function nodeEnvelopeKeys(secret: Uint8Array): { enc: Buffer; mac: Buffer } {
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', secret, new Uint8Array(0), info, 32));
  return { enc: derive('parley/v1/enc'), mac: derive('parley/v1/mac') };
}

export async function expectCryptoError(promise: Promise<unknown>, ...codes: CryptoErrorCode[]) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(CryptoError);
  expect(codes).toContain((err as CryptoError).code);
}

export const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
export const lp = (b: Uint8Array) => Buffer.concat([u32be(b.length), b]);
