import { createHash, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toHex } from '../src/bytes.js';
import { formatFingerprint, keyFingerprint, userFingerprint } from '../src/fingerprint.js';
import {
  exportPublicJwk,
  exportPublicKey,
  exportPublicKeys,
  generateUserKeyPairs,
  importPublicJwk,
  importPublicKey,
} from '../src/user-keys.js';
import { expectCryptoError } from './helpers.js';

describe('public key export and import', () => {
  it('round-trips raw base64url and JWK for both kinds', async () => {
    const pairs = await generateUserKeyPairs();
    const strings = await exportPublicKeys(pairs);
    expect(fromBase64Url(strings.ecdh)).toHaveLength(65);
    for (const kind of ['ecdh', 'ecdsa'] as const) {
      const raw = await importPublicKey(strings[kind], kind);
      expect(await exportPublicKey(raw)).toBe(strings[kind]);
      const jwk = await exportPublicJwk(pairs[kind].publicKey);
      expect(Object.keys(jwk).sort()).toEqual(['crv', 'kty', 'x', 'y']);
      expect(await exportPublicKey(await importPublicJwk(jwk, kind))).toBe(strings[kind]);
    }
  });

  it('agrees with Node on the raw point', async () => {
    const pairs = await generateUserKeyPairs();
    const jwk = await exportPublicJwk(pairs.ecdh.publicKey);
    const spki = createPublicKey({ key: jwk as never, format: 'jwk' }).export({
      type: 'spki',
      format: 'der',
    });
    expect(toHex(fromBase64Url(await exportPublicKey(pairs.ecdh.publicKey)))).toBe(
      spki.subarray(-65).toString('hex'),
    );
  });

  it('rejects points off the curve, wrong lengths and private JWKs', async () => {
    const bad = new Uint8Array(65).fill(1);
    bad[0] = 4;
    await expectCryptoError(importPublicKey(bad, 'ecdh'), 'bad_key');
    await expectCryptoError(importPublicKey(new Uint8Array(33), 'ecdsa'), 'bad_key');
    const pairs = await generateUserKeyPairs();
    const priv = await crypto.subtle.exportKey('jwk', pairs.ecdsa.privateKey);
    await expectCryptoError(importPublicJwk(priv, 'ecdsa'), 'bad_key');
    await expectCryptoError(exportPublicKey(pairs.ecdsa.privateKey), 'bad_key');
  });
});

describe('fingerprints', () => {
  it('is the SHA-256 of the raw public key, shown as 16 groups of 4 hex digits', async () => {
    const pairs = await generateUserKeyPairs();
    const raw = fromBase64Url(await exportPublicKey(pairs.ecdsa.publicKey));
    const fp = await keyFingerprint(pairs.ecdsa.publicKey);
    expect(toHex(fp)).toBe(createHash('sha256').update(raw).digest('hex'));
    expect(formatFingerprint(fp)).toMatch(/^[0-9A-F]{4}( [0-9A-F]{4}){15}$/);
  });

  it('gives one stable value per user that differs between users', async () => {
    const [a, b] = [await generateUserKeyPairs(), await generateUserKeyPairs()];
    const pub = (p: typeof a) => ({ ecdh: p.ecdh.publicKey, ecdsa: p.ecdsa.publicKey });
    const strings = await exportPublicKeys(a);
    const imported = {
      ecdh: await importPublicKey(strings.ecdh, 'ecdh'),
      ecdsa: await importPublicKey(strings.ecdsa, 'ecdsa'),
    };
    expect(await userFingerprint(imported)).toEqual(await userFingerprint(pub(a)));
    expect(await userFingerprint(pub(b))).not.toEqual(await userFingerprint(pub(a)));
  });
});
