import { createCipheriv, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../src/bytes.js';
import { aesCtr, hmacSha256, importAesCtrKey, importHmacKey } from '../src/primitives.js';
import { NIST_CTR_AES256, RFC4231_HMAC_SHA256 } from './vectors.js';

const nist = NIST_CTR_AES256;
const plaintext = nist.plaintext.join('');
const ciphertext = nist.ciphertext.join('');

describe('AES-256-CTR: NIST SP 800-38A F.5.5', () => {
  it.each([32, 128])('encrypts the four blocks with a %i-bit counter', async (length) => {
    const key = await importAesCtrKey(fromHex(nist.key));
    expect(toHex(await aesCtr(key, fromHex(nist.counter), fromHex(plaintext), length))).toBe(ciphertext);
  });

  it('decrypts the four blocks back', async () => {
    const key = await importAesCtrKey(fromHex(nist.key));
    expect(toHex(await aesCtr(key, fromHex(nist.counter), fromHex(ciphertext)))).toBe(plaintext);
  });

  it('encrypts each block on its own from its own counter block', async () => {
    const key = await importAesCtrKey(fromHex(nist.key));
    const counter = BigInt('0x' + nist.counter);
    for (const [i, block] of nist.plaintext.entries()) {
      const ctr = fromHex((counter + BigInt(i)).toString(16).padStart(32, '0'));
      expect(toHex(await aesCtr(key, ctr, fromHex(block)))).toBe(nist.ciphertext[i]);
    }
  });

  it('matches what Node computes for the same vector', () => {
    const cipher = createCipheriv('aes-256-ctr', fromHex(nist.key), fromHex(nist.counter));
    expect(Buffer.concat([cipher.update(fromHex(plaintext)), cipher.final()]).toString('hex')).toBe(
      ciphertext,
    );
  });
});

describe('HMAC-SHA-256: RFC 4231 cases 1-7', () => {
  it.each(RFC4231_HMAC_SHA256.map((v) => [v.name, v] as const))('%s', async (_name, v) => {
    const mac = await hmacSha256(await importHmacKey(fromHex(v.key)), fromHex(v.data));
    expect(toHex(mac.subarray(0, v.mac.length / 2))).toBe(v.mac);
    const node = createHmac('sha256', fromHex(v.key)).update(fromHex(v.data)).digest('hex');
    expect(node.slice(0, v.mac.length)).toBe(v.mac);
  });

  it('covers all seven cases, case 5 truncated to 128 bits', () => {
    expect(RFC4231_HMAC_SHA256).toHaveLength(7);
    expect(RFC4231_HMAC_SHA256[4]?.mac).toHaveLength(32);
  });
});
