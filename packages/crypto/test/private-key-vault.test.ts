import { describe, expect, it } from 'vitest';
import { fromBase64Url, readU32 } from '../src/bytes.js';
import { unwrapChannelKey, wrapChannelKey } from '../src/key-wrap.js';
import { generateChannelKey } from '../src/keys.js';
import {
  PBKDF2_ITERATIONS,
  unwrapPrivateKeys,
  unwrapPrivateKeysWithRecoveryKey,
  wrapPrivateKeys,
  wrapPrivateKeysWithRecoveryKey,
} from '../src/private-key-vault.js';
import { formatRecoveryKey, generateRecoveryKey, parseRecoveryKey } from '../src/recovery-key.js';
import { signBytes, verifyBytes } from '../src/signatures.js';
import { exportPublicKeys, generateUserKeyPairs, type UserKeyPairs } from '../src/user-keys.js';
import { expectCryptoError } from './helpers.js';

const fast = { iterations: 1000, context: 'user-1' };
const passphrase = 'correct horse battery staple';

/** The unwrapped pairs still sign and receive wraps as the originals did. */
async function expectWorking(original: UserKeyPairs, restored: UserKeyPairs) {
  expect(await exportPublicKeys(restored)).toEqual(await exportPublicKeys(original));
  const data = new Uint8Array([1, 2, 3]);
  expect(
    await verifyBytes(original.ecdsa.publicKey, await signBytes(restored.ecdsa.privateKey, data), data),
  ).toBe(true);
  const channelKey = generateChannelKey();
  const w = {
    channelKey,
    keyVersion: 1,
    context: 'c',
    recipient: original.ecdh.publicKey,
    signer: original.ecdsa.privateKey,
  };
  const back = await unwrapChannelKey({
    wrapped: await wrapChannelKey(w),
    keyVersion: 1,
    context: 'c',
    recipient: restored.ecdh,
    sender: original.ecdsa.publicKey,
  });
  expect(back).toEqual(channelKey);
}

describe('wrapPrivateKeys / unwrapPrivateKeys', () => {
  it('restores working key pairs from the passphrase', async () => {
    const pairs = await generateUserKeyPairs();
    const wrapped = await wrapPrivateKeys(pairs, passphrase, fast);
    expect(wrapped.length).toBeLessThan(8192);
    await expectWorking(pairs, await unwrapPrivateKeys(wrapped, passphrase, { context: 'user-1' }));
  });

  it('uses a random 16-byte salt and records the iteration count', async () => {
    const pairs = await generateUserKeyPairs();
    const [a, b] = [
      fromBase64Url(await wrapPrivateKeys(pairs, passphrase, fast)),
      fromBase64Url(await wrapPrivateKeys(pairs, passphrase, fast)),
    ];
    expect(readU32(a, 2)).toBe(1000);
    expect(a.slice(6, 22)).not.toEqual(b.slice(6, 22));
  });

  it('fails cleanly with wrong_secret on a wrong passphrase or context', async () => {
    const pairs = await generateUserKeyPairs();
    const wrapped = await wrapPrivateKeys(pairs, passphrase, fast);
    await expectCryptoError(
      unwrapPrivateKeys(wrapped, 'correct horse battery stapler', fast),
      'wrong_secret',
    );
    await expectCryptoError(unwrapPrivateKeys(wrapped, passphrase, { context: 'user-2' }), 'wrong_secret');
  });

  it('treats composed and decomposed accents in a passphrase alike', async () => {
    const pairs = await generateUserKeyPairs();
    const wrapped = await wrapPrivateKeys(pairs, 'caf\u00e9 au lait', fast);
    await expectWorking(pairs, await unwrapPrivateKeys(wrapped, 'cafe\u0301 au lait', fast));
  });

  it('defaults to 600,000 PBKDF2 iterations', async () => {
    expect(PBKDF2_ITERATIONS).toBe(600_000);
    const pairs = await generateUserKeyPairs();
    const wrapped = await wrapPrivateKeys(pairs, passphrase);
    expect(readU32(fromBase64Url(wrapped), 2)).toBe(600_000);
    await expectWorking(pairs, await unwrapPrivateKeys(wrapped, passphrase));
  }, 30_000);

  it('keeps restored private keys non-extractable unless asked', async () => {
    const pairs = await generateUserKeyPairs();
    const wrapped = await wrapPrivateKeys(pairs, passphrase, fast);
    expect((await unwrapPrivateKeys(wrapped, passphrase, fast)).ecdsa.privateKey.extractable).toBe(false);
    const again = await unwrapPrivateKeys(wrapped, passphrase, { ...fast, extractable: true });
    await expectWorking(
      pairs,
      await unwrapPrivateKeys(await wrapPrivateKeys(again, 'new passphrase!', fast), 'new passphrase!', fast),
    );
  });
});

describe('recovery key', () => {
  it('is 8 groups of 4 base32 characters and parses back, forgiving case, spaces and look-alikes', () => {
    const key = generateRecoveryKey();
    expect(key).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){7}$/);
    expect(formatRecoveryKey(parseRecoveryKey(key))).toBe(key);
    expect(formatRecoveryKey(parseRecoveryKey(key.toLowerCase().replace(/-/g, ' ')))).toBe(key);
    const withO = 'OOOO-IIII-BBBB-AAAA-AAAA-AAAA-AAAA-AAAA';
    expect(parseRecoveryKey('0000 1111 8888 aaaa aaaa aaaa aaaa aaaa')).toEqual(parseRecoveryKey(withO));
  });

  it('rejects malformed keys with bad_format', async () => {
    await expectCryptoError((async () => parseRecoveryKey('AAAA-BBBB'))(), 'bad_format');
    await expectCryptoError(
      (async () => parseRecoveryKey('AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAA9'))(),
      'bad_format',
    );
  });

  it('unwraps the same private keys, and a wrong recovery key fails with wrong_secret', async () => {
    const pairs = await generateUserKeyPairs();
    const recoveryKey = generateRecoveryKey();
    const wrapped = await wrapPrivateKeysWithRecoveryKey(pairs, recoveryKey, { context: 'user-1' });
    await expectWorking(
      pairs,
      await unwrapPrivateKeysWithRecoveryKey(wrapped, recoveryKey.toLowerCase(), { context: 'user-1' }),
    );
    await expectCryptoError(
      unwrapPrivateKeysWithRecoveryKey(wrapped, generateRecoveryKey(), { context: 'user-1' }),
      'wrong_secret',
    );
  });

  it('does not accept a passphrase blob as a recovery blob', async () => {
    const pairs = await generateUserKeyPairs();
    const wrapped = await wrapPrivateKeys(pairs, passphrase, fast);
    await expectCryptoError(unwrapPrivateKeysWithRecoveryKey(wrapped, generateRecoveryKey()), 'bad_format');
  });
});
