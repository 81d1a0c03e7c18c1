// Envelope v1 against raw AES-256-CTR in the same run; plain WebCrypto, so it runs in Node and, bundled, in Chromium.
import {
  decryptMessage,
  deriveEnvelopeKeys,
  encryptMessage,
  generateChannelKey,
  generateUserKeyPairs,
  openEnvelope,
  sealEnvelope,
  unwrapPrivateKeys,
  wrapPrivateKeys,
} from '@parley/crypto';
import { decryptFile, encryptFile, readFileRange } from '@parley/crypto/files';
import { round } from './stats';

const subtle = globalThis.crypto.subtle;
const MB = 2 ** 20;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** One untimed warm-up, then the median of three runs, so JIT and first-touch allocation stay out. */
async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const runs = [await timed(work), await timed(work), await timed(work)];
  return runs.sort((a, b) => a - b)[1]!;
}

/** `count` sequential runs of `once`, after a short untimed warm-up. */
async function loop(count: number, once: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 200; i++) await once();
  return timed(async () => {
    for (let i = 0; i < count; i++) await once();
  });
}

/** Raw AES-CTR encrypt + decrypt of the same bytes: the baseline every figure is divided by. */
async function rawCtr(key: CryptoKey, data: Uint8Array<ArrayBuffer>) {
  const algorithm = { name: 'AES-CTR', counter: new Uint8Array(16), length: 32 };
  const sealed = await subtle.encrypt(algorithm, key, data);
  await subtle.decrypt(algorithm, key, sealed);
}

async function messages(count: number) {
  const keys = await deriveEnvelopeKeys(generateChannelKey());
  const signer = (await generateUserKeyPairs()).ecdsa;
  const raw = await subtle.importKey('raw', generateChannelKey(), 'AES-CTR', false, ['encrypt', 'decrypt']);
  const text = 'x'.repeat(1024);
  const data = new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
  const input = { plaintext: data, keyVersion: 1, context: 'channel' };
  const signed = async () => {
    const body = await encryptMessage({
      text,
      channelId: 'c',
      keyVersion: 1,
      keys,
      signingKey: signer.privateKey,
    });
    await decryptMessage({ body, channelId: 'c', keys, verifyKey: signer.publicKey });
  };
  const rawMs = await loop(count, () => rawCtr(raw, data));
  const envelopeMs = await loop(count, async () =>
    openEnvelope(keys, await sealEnvelope(keys, input), 'channel'),
  );
  const signedMs = await loop(count, signed);
  const perSecond = (ms: number) => round((count / ms) * 1000);
  return {
    messages: count,
    rawPerSecond: perSecond(rawMs),
    envelopePerSecond: perSecond(envelopeMs),
    signedPerSecond: perSecond(signedMs),
    envelopeToRaw: round(rawMs / envelopeMs, 3),
    signedToRaw: round(rawMs / signedMs, 3),
  };
}

async function file(megabytes: number) {
  const keys = await deriveEnvelopeKeys(generateChannelKey());
  const raw = await subtle.importKey('raw', generateChannelKey(), 'AES-CTR', false, ['encrypt', 'decrypt']);
  const data = new Uint8Array(megabytes * MB).fill(7);
  const middle = (megabytes / 2) * MB;
  const rawMs = await median(() => rawCtr(raw, data));
  const sealed = await encryptFile(keys, { data, keyVersion: 1, context: 'file' });
  const encryptMs = await median(() => encryptFile(keys, { data, keyVersion: 1, context: 'file' }));
  const decryptMs = await median(() => decryptFile(keys, 'file', sealed));
  const rangeMs = await median(() => readFileRange(keys, 'file', sealed, middle - 100, middle + 64 * 1024));
  const mbPerSecond = (ms: number) => round((megabytes / ms) * 1000);
  return {
    megabytes,
    rawMbPerSecond: mbPerSecond(rawMs),
    chunkedMbPerSecond: mbPerSecond(encryptMs + decryptMs),
    chunkedToRaw: round(rawMs / (encryptMs + decryptMs), 3),
    rangeOf64KiBMs: round(rangeMs, 2),
  };
}

async function unlock() {
  const pairs = await generateUserKeyPairs();
  const slow = await wrapPrivateKeys(pairs, 'passphrase');
  const fast = await wrapPrivateKeys(pairs, 'passphrase', { iterations: 1 });
  const slowMs = await timed(() => unwrapPrivateKeys(slow, 'passphrase'));
  const fastMs = await timed(() => unwrapPrivateKeys(fast, 'passphrase'));
  return { pbkdf2Iterations: 600_000, unlockMs: round(slowMs, 1), oneIterationMs: round(fastMs, 2) };
}

/** Every figure of the crypto bench in whatever runtime this is loaded into. */
export async function measureCrypto(quick: boolean) {
  return {
    messages1KB: await messages(quick ? 1_000 : 20_000),
    file: await file(quick ? 6 : 50),
    unlock: await unlock(),
  };
}
