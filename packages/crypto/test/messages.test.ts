import { verify as nodeVerify, createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../src/bytes.js';
import { fromEncryptedBody } from '../src/envelope-codec.js';
import { deriveEnvelopeKeys, generateChannelKey } from '../src/keys.js';
import { decryptMessage, encryptMessage } from '../src/messages.js';
import { signatureInput } from '../src/signatures.js';
import { generateUserKeyPairs } from '../src/user-keys.js';
import { expectCryptoError } from './helpers.js';

const channelId = 'c7a1f1f0-0000-4000-8000-000000000001';

async function setup() {
  const keys = await deriveEnvelopeKeys(generateChannelKey());
  const alice = await generateUserKeyPairs();
  const body = await encryptMessage({
    text: 'ship it on friday',
    channelId,
    keyVersion: 2,
    keys,
    signingKey: alice.ecdsa.privateKey,
  });
  return { keys, alice, body };
}

const flipFirstBit = (b64: string) => {
  const bytes = fromBase64Url(b64);
  bytes[0]! ^= 1;
  return toBase64Url(bytes);
};

describe('encryptMessage / decryptMessage', () => {
  it('round-trips a signed message', async () => {
    const { keys, alice, body } = await setup();
    expect(body).toMatchObject({ v: 1, keyVersion: 2 });
    expect(fromBase64Url(body.signature)).toHaveLength(64);
    const text = await decryptMessage({ body, channelId, keys, verifyKey: alice.ecdsa.publicKey });
    expect(text).toBe('ship it on friday');
  });

  it('signs bytes that Node verifies as ECDSA P-256 / SHA-256 in IEEE P1363 form', async () => {
    const { alice, body } = await setup();
    const jwk = await crypto.subtle.exportKey('jwk', alice.ecdsa.publicKey);
    const { envelope, signature } = fromEncryptedBody(body);
    const ok = nodeVerify(
      'sha256',
      signatureInput(envelope, channelId),
      { key: createPublicKey({ key: jwk as never, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
      signature,
    );
    expect(ok).toBe(true);
  });

  it('rejects a message signed by someone other than the named author', async () => {
    const { keys, body } = await setup();
    const mallory = await generateUserKeyPairs();
    await expectCryptoError(
      decryptMessage({ body, channelId, keys, verifyKey: mallory.ecdsa.publicKey }),
      'bad_signature',
    );
  });

  it('rejects a member who re-MACs changed ciphertext under the channel key but cannot sign', async () => {
    const { keys, alice, body } = await setup();
    const mallory = await generateUserKeyPairs();
    const forged = await encryptMessage({
      text: 'ship it today',
      channelId,
      keyVersion: 2,
      keys,
      signingKey: mallory.ecdsa.privateKey,
    });
    const spliced = { ...forged, signature: body.signature };
    await expectCryptoError(
      decryptMessage({ body: spliced, channelId, keys, verifyKey: alice.ecdsa.publicKey }),
      'bad_signature',
    );
  });

  it('rejects changed ciphertext, nonce, tag or key version with bad_tag before checking the signature', async () => {
    const { keys, alice, body } = await setup();
    const verifyKey = alice.ecdsa.publicKey;
    for (const field of ['ciphertext', 'nonce', 'tag'] as const) {
      const changed = { ...body, [field]: flipFirstBit(body[field]) };
      await expectCryptoError(decryptMessage({ body: changed, channelId, keys, verifyKey }), 'bad_tag');
    }
    const bumped = { ...body, keyVersion: 3 };
    await expectCryptoError(decryptMessage({ body: bumped, channelId, keys, verifyKey }), 'bad_tag');
  });

  it('rejects a message replayed into another channel', async () => {
    const { keys, alice, body } = await setup();
    await expectCryptoError(
      decryptMessage({ body, channelId: 'other', keys, verifyKey: alice.ecdsa.publicKey }),
      'bad_tag',
    );
  });

  it('rejects a flipped signature bit', async () => {
    const { keys, alice, body } = await setup();
    const changed = { ...body, signature: flipFirstBit(body.signature) };
    await expectCryptoError(
      decryptMessage({ body: changed, channelId, keys, verifyKey: alice.ecdsa.publicKey }),
      'bad_signature',
    );
  });
});
