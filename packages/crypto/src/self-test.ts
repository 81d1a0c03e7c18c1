import { fromHex, toHex } from './bytes.js';
import { NIST_CTR_AES256, RFC4231_HMAC_SHA256 } from './known-answer-vectors.js';
import { aesCtr, hmacSha256, importAesCtrKey, importHmacKey } from './primitives.js';

export type KnownAnswerResult = { name: string; ok: boolean };

async function check(name: string, run: () => Promise<boolean>): Promise<KnownAnswerResult> {
  try {
    return { name, ok: await run() };
  } catch {
    return { name, ok: false };
  }
}

async function nistCtr(length: number): Promise<boolean> {
  const v = NIST_CTR_AES256;
  const key = await importAesCtrKey(fromHex(v.key));
  const out = await aesCtr(key, fromHex(v.counter), fromHex(v.plaintext.join('')), length);
  const back = await aesCtr(key, fromHex(v.counter), out, length);
  return toHex(out) === v.ciphertext.join('') && toHex(back) === v.plaintext.join('');
}

/** The published AES-256-CTR and HMAC-SHA-256 vectors on this runtime's WebCrypto (Node or a browser). */
export async function runKnownAnswerTests(): Promise<KnownAnswerResult[]> {
  const results = [
    await check('NIST SP 800-38A F.5.5 CTR-AES256 (32-bit counter)', () => nistCtr(32)),
    await check('NIST SP 800-38A F.5.5 CTR-AES256 (128-bit counter)', () => nistCtr(128)),
  ];
  for (const v of RFC4231_HMAC_SHA256) {
    results.push(
      await check(`HMAC-SHA-256 ${v.name}`, async () => {
        const mac = await hmacSha256(await importHmacKey(fromHex(v.key)), fromHex(v.data));
        return toHex(mac.subarray(0, v.mac.length / 2)) === v.mac;
      }),
    );
  }
  return results;
}
