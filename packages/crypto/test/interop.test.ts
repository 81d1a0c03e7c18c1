import { createDecipheriv, createECDH, createHmac, hkdfSync, pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, readU32 } from '../src/bytes.js';
import { wrapChannelKey } from '../src/key-wrap.js';
import { generateChannelKey } from '../src/keys.js';
import { wrapPrivateKeys } from '../src/private-key-vault.js';
import { generateUserKeyPairs } from '../src/user-keys.js';
import { lp, nodeEnvelopeKeys, u32be } from './helpers.js';

/** Opens serialized envelope v1 bytes with Node alone, following docs/encryption.md. */
function nodeOpen(secret: Uint8Array, bytes: Uint8Array, context: string): Buffer {
  const b = Buffer.from(bytes);
  const { enc, mac } = nodeEnvelopeKeys(secret);
  const [keyVersion, nonce, tag, ct] = [
    b.readUInt32BE(1),
    b.subarray(5, 17),
    b.subarray(17, 49),
    b.subarray(49),
  ];
  const input = [
    lp(Buffer.from('parley/envelope')),
    Buffer.of(1),
    u32be(keyVersion),
    lp(Buffer.from(context)),
  ];
  const expected = createHmac('sha256', mac)
    .update(Buffer.concat([...input, lp(nonce), lp(ct)]))
    .digest();
  expect(expected.equals(tag)).toBe(true);
  const decipher = createDecipheriv('aes-256-ctr', enc, Buffer.concat([nonce, Buffer.alloc(4)]));
  return Buffer.concat([decipher.update(ct), decipher.final()]);
}

describe('another implementation following docs/encryption.md', () => {
  it('unwraps a channel key with Node ECDH and HKDF', async () => {
    const [alice, bob] = [await generateUserKeyPairs(), await generateUserKeyPairs()];
    const channelKey = generateChannelKey();
    const wrapped = fromBase64Url(
      await wrapChannelKey({
        channelKey,
        keyVersion: 3,
        context: 'chan',
        recipient: bob.ecdh.publicKey,
        signer: alice.ecdsa.privateKey,
      }),
    );
    expect(wrapped).toHaveLength(1 + 65 + 64 + 49 + 32);
    const ephemeral = wrapped.subarray(1, 66);
    const bobJwk = await crypto.subtle.exportKey('jwk', bob.ecdh.privateKey);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(bobJwk.d!, 'base64url'));
    const shared = ecdh.computeSecret(ephemeral);
    const salt = Buffer.concat([ephemeral, ecdh.getPublicKey()]);
    const secret = new Uint8Array(hkdfSync('sha256', shared, salt, 'parley/v1/wrap', 32));
    expect(nodeOpen(secret, wrapped.subarray(130), 'chan').equals(channelKey)).toBe(true);
  });

  it('unwraps private keys with Node PBKDF2', async () => {
    const pairs = await generateUserKeyPairs();
    const wrapped = fromBase64Url(
      await wrapPrivateKeys(pairs, 'pass phrase', { iterations: 2000, context: 'u1' }),
    );
    expect(wrapped.subarray(0, 2)).toEqual(Uint8Array.of(1, 1));
    const salt = wrapped.subarray(6, 22);
    const secret = pbkdf2Sync('pass phrase', salt, readU32(wrapped, 2), 32, 'sha256');
    const payload = JSON.parse(nodeOpen(secret, wrapped.subarray(22), 'private-keys:u1').toString());
    const jwk = await crypto.subtle.exportKey('jwk', pairs.ecdsa.privateKey);
    expect(payload.ecdsa).toEqual({ kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, d: jwk.d });
  });
});
