import { createCipheriv, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EncryptedBody } from '@parley/protocol';
import { toHex, utf8 } from '../src/bytes.js';
import { decodeEnvelope, encodeEnvelope, fromEncryptedBody, toEncryptedBody } from '../src/envelope-codec.js';
import { MAX_PLAINTEXT_BYTES, openEnvelope, sealEnvelope } from '../src/envelope.js';
import { deriveEnvelopeKeys, generateChannelKey } from '../src/keys.js';
import { expectCryptoError, lp, nodeEnvelopeKeys, u32be } from './helpers.js';

const CHANNEL = '5b0e5d6e-3c1a-4f7e-9a55-2c8f0e1d7a10';

async function sealed(text = 'the quarterly numbers are in', keyVersion = 3) {
  const secret = generateChannelKey();
  const keys = await deriveEnvelopeKeys(secret);
  const env = await sealEnvelope(keys, { plaintext: utf8(text), keyVersion, context: CHANNEL });
  return { secret, keys, env, bytes: encodeEnvelope(env) };
}

describe('sealEnvelope / openEnvelope', () => {
  it('round-trips, including an empty plaintext', async () => {
    for (const text of ['hello', '', 'ü🔒'.repeat(100)]) {
      const { keys, env } = await sealed(text);
      expect(new TextDecoder().decode(await openEnvelope(keys, env, CHANNEL))).toBe(text);
    }
  });

  it("produces Node's aes-256-ctr ciphertext (IV = nonce || 00000000) and a createHmac tag", async () => {
    const text = 'x'.repeat(1000);
    const { secret, env, bytes } = await sealed(text, 7);
    const node = nodeEnvelopeKeys(secret);
    const cipher = createCipheriv('aes-256-ctr', node.enc, Buffer.concat([env.nonce, Buffer.alloc(4)]));
    expect(toHex(env.ciphertext)).toBe(Buffer.concat([cipher.update(text), cipher.final()]).toString('hex'));
    const macInput = Buffer.concat([
      lp(Buffer.from('parley/envelope')),
      Buffer.of(1),
      u32be(7),
      lp(Buffer.from(CHANNEL)),
      lp(env.nonce),
      lp(env.ciphertext),
    ]);
    expect(toHex(env.tag)).toBe(createHmac('sha256', node.mac).update(macInput).digest('hex'));
    expect(toHex(bytes)).toBe(
      Buffer.concat([Buffer.of(1), u32be(7), env.nonce, env.tag, env.ciphertext]).toString('hex'),
    );
  });

  it('rejects a wrong key and a wrong context with bad_tag', async () => {
    const { env } = await sealed();
    await expectCryptoError(
      openEnvelope(await deriveEnvelopeKeys(generateChannelKey()), env, CHANNEL),
      'bad_tag',
    );
    const { keys, env: env2 } = await sealed();
    await expectCryptoError(openEnvelope(keys, env2, 'another-channel'), 'bad_tag');
    await expectCryptoError(openEnvelope(keys, env2, CHANNEL + ' '), 'bad_tag');
  });

  it('refuses plaintext over the cap, so the 32-bit block counter cannot wrap', async () => {
    const keys = await deriveEnvelopeKeys(generateChannelKey());
    const plaintext = new Uint8Array(MAX_PLAINTEXT_BYTES + 1);
    await expectCryptoError(sealEnvelope(keys, { plaintext, keyVersion: 1, context: CHANNEL }), 'too_large');
    expect(MAX_PLAINTEXT_BYTES / 16).toBeLessThan(2 ** 32);
  });

  it('never repeats a nonce over 100,000 envelopes', async () => {
    const keys = await deriveEnvelopeKeys(generateChannelKey());
    const seen = new Set<string>();
    const input = { plaintext: new Uint8Array(0), keyVersion: 1, context: CHANNEL };
    for (let batch = 0; batch < 100; batch++) {
      const envs = await Promise.all(Array.from({ length: 1000 }, () => sealEnvelope(keys, input)));
      for (const env of envs) seen.add(toHex(env.nonce));
    }
    expect(seen.size).toBe(100_000);
  }, 60_000);
});

describe('tampering with a serialized envelope', () => {
  const fields = [
    { name: 'key version', start: 1, length: 4 },
    { name: 'nonce', start: 5, length: 12 },
    { name: 'tag', start: 17, length: 32 },
    { name: 'ciphertext', start: 49, length: 20 },
  ];

  it('rejects a flipped version bit with bad_version', async () => {
    const { keys, bytes } = await sealed('twenty bytes exactly');
    for (let bit = 0; bit < 8; bit++) {
      const copy = bytes.slice();
      copy[0]! ^= 1 << bit;
      await expectCryptoError(
        (async () => openEnvelope(keys, decodeEnvelope(copy), CHANNEL))(),
        'bad_version',
      );
    }
  });

  it.each(fields)('rejects every flipped bit of the $name with bad_tag', async ({ start, length }) => {
    const { keys, bytes } = await sealed('twenty bytes exactly');
    expect(bytes.length).toBe(69);
    for (let i = start; i < start + length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const copy = bytes.slice();
        copy[i]! ^= 1 << bit;
        await expectCryptoError(openEnvelope(keys, decodeEnvelope(copy), CHANNEL), 'bad_tag');
      }
    }
  });

  it('rejects every flipped bit of the context with bad_tag', async () => {
    const { keys, env } = await sealed();
    for (let i = 0; i < CHANNEL.length; i++) {
      for (let bit = 0; bit < 8; bit++) {
        const context =
          CHANNEL.slice(0, i) +
          String.fromCharCode(CHANNEL.charCodeAt(i) ^ (1 << bit)) +
          CHANNEL.slice(i + 1);
        await expectCryptoError(openEnvelope(keys, env, context), 'bad_tag');
      }
    }
  });

  it('rejects truncated and extended ciphertext', async () => {
    const { keys, bytes } = await sealed();
    await expectCryptoError(openEnvelope(keys, decodeEnvelope(bytes.subarray(0, -1)), CHANNEL), 'bad_tag');
    const longer = new Uint8Array([...bytes, 0]);
    await expectCryptoError(openEnvelope(keys, decodeEnvelope(longer), CHANNEL), 'bad_tag');
    await expectCryptoError((async () => decodeEnvelope(bytes.subarray(0, 48)))(), 'bad_format');
  });
});

describe('EncryptedBody form', () => {
  it("round-trips and parses with protocol's EncryptedBody schema", async () => {
    const { keys, env } = await sealed();
    const body = toEncryptedBody(env, new Uint8Array(64).fill(9));
    expect(EncryptedBody.parse(body)).toEqual(body);
    expect(body.nonce).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const back = fromEncryptedBody(JSON.parse(JSON.stringify(body)));
    expect(new TextDecoder().decode(await openEnvelope(keys, back.envelope, CHANNEL))).toBe(
      'the quarterly numbers are in',
    );
  });

  it('rejects bad base64url and an unknown version', async () => {
    const { env } = await sealed();
    const body = toEncryptedBody(env, new Uint8Array(64));
    await expectCryptoError(
      (async () => fromEncryptedBody({ ...body, tag: body.tag + '=' }))(),
      'bad_format',
    );
    await expectCryptoError(
      (async () => fromEncryptedBody({ ...body, nonce: body.nonce + 'A' }))(),
      'bad_format',
    );
    await expectCryptoError((async () => fromEncryptedBody({ ...body, v: 2 as 1 }))(), 'bad_version');
  });
});
