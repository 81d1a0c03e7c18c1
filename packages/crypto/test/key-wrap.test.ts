import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url, toHex } from '../src/bytes.js';
import { unwrapChannelKey, wrapChannelKey } from '../src/key-wrap.js';
import { generateChannelKey } from '../src/keys.js';
import { generateUserKeyPairs } from '../src/user-keys.js';
import { expectCryptoError } from './helpers.js';

const context = 'channel-42';

async function setup() {
  const [alice, bob, carol] = await Promise.all([
    generateUserKeyPairs(),
    generateUserKeyPairs(),
    generateUserKeyPairs(),
  ]);
  const channelKey = generateChannelKey();
  const wrapped = await wrapChannelKey({
    channelKey,
    keyVersion: 5,
    context,
    recipient: bob.ecdh.publicKey,
    signer: alice.ecdsa.privateKey,
  });
  return { alice, bob, carol, channelKey, wrapped };
}

describe('wrapChannelKey / unwrapChannelKey', () => {
  it('hands a channel key from one member to another', async () => {
    const { alice, bob, channelKey, wrapped } = await setup();
    expect(wrapped.length).toBeLessThan(4096);
    const key = await unwrapChannelKey({
      wrapped,
      keyVersion: 5,
      context,
      recipient: bob.ecdh,
      sender: alice.ecdsa.publicKey,
    });
    expect(toHex(key)).toBe(toHex(channelKey));
  });

  it("does not open with a third user's key", async () => {
    const { alice, carol, wrapped } = await setup();
    const input = { wrapped, keyVersion: 5, context, recipient: carol.ecdh, sender: alice.ecdsa.publicKey };
    await expectCryptoError(unwrapChannelKey(input), 'bad_signature', 'bad_tag');
  });

  it("does not open with a third user's private key even when the public half is Bob's", async () => {
    const { alice, bob, carol, wrapped } = await setup();
    const recipient = { publicKey: bob.ecdh.publicKey, privateKey: carol.ecdh.privateKey };
    const input = { wrapped, keyVersion: 5, context, recipient, sender: alice.ecdsa.publicKey };
    await expectCryptoError(unwrapChannelKey(input), 'bad_tag');
  });

  it('rejects a wrap not signed by the claimed sender', async () => {
    const { bob, carol, wrapped } = await setup();
    const input = { wrapped, keyVersion: 5, context, recipient: bob.ecdh, sender: carol.ecdsa.publicKey };
    await expectCryptoError(unwrapChannelKey(input), 'bad_signature');
  });

  it('rejects the wrong context or key version', async () => {
    const { alice, bob, wrapped } = await setup();
    const base = { wrapped, keyVersion: 5, context, recipient: bob.ecdh, sender: alice.ecdsa.publicKey };
    await expectCryptoError(unwrapChannelKey({ ...base, context: 'channel-43' }), 'bad_signature');
    await expectCryptoError(unwrapChannelKey({ ...base, keyVersion: 4 }), 'bad_key');
  });

  it('rejects any flipped byte', async () => {
    const { alice, bob, wrapped } = await setup();
    const bytes = fromBase64Url(wrapped);
    for (let i = 0; i < bytes.length; i += 7) {
      const copy = bytes.slice();
      copy[i]! ^= 0x10;
      const input = {
        wrapped: toBase64Url(copy),
        keyVersion: 5,
        context,
        recipient: bob.ecdh,
        sender: alice.ecdsa.publicKey,
      };
      await expectCryptoError(unwrapChannelKey(input), 'bad_version', 'bad_signature', 'bad_key', 'bad_tag');
    }
  });
});
