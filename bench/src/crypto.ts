// `npm run bench -- --only crypto`: envelope v1 against raw AES-256-CTR in the same run (Node's WebCrypto).
import {
  decryptFile,
  decryptMessage,
  deriveEnvelopeKeys,
  encryptFile,
  encryptMessage,
  generateChannelKey,
  generateUserKeyPairs,
  openEnvelope,
  readFileRange,
  sealEnvelope,
  unwrapPrivateKeys,
  wrapPrivateKeys,
} from '@parley/crypto';
import { writeResult } from './report';
import { round } from './stats';

const subtle = globalThis.crypto.subtle;
const MB = 2 ** 20;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
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
  const rawMs = await timed(async () => {
    for (let i = 0; i < count; i++) await rawCtr(raw, data);
  });
  const envelopeMs = await timed(async () => {
    for (let i = 0; i < count; i++) await openEnvelope(keys, await sealEnvelope(keys, input), 'channel');
  });
  const signedMs = await timed(async () => {
    for (let i = 0; i < count; i++) {
      const body = await encryptMessage({
        text,
        channelId: 'c',
        keyVersion: 1,
        keys,
        signingKey: signer.privateKey,
      });
      await decryptMessage({ body, channelId: 'c', keys, verifyKey: signer.publicKey });
    }
  });
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
  const rawMs = await timed(() => rawCtr(raw, data));
  let sealed = new Uint8Array();
  const encryptMs = await timed(async () => {
    sealed = await encryptFile(keys, { data, keyVersion: 1, context: 'file' });
  });
  const decryptMs = await timed(() => decryptFile(keys, 'file', sealed));
  const rangeMs = await timed(() => readFileRange(keys, 'file', sealed, 10 * MB - 100, 10 * MB + 64 * 1024));
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

export async function cryptoSuite(quick: boolean): Promise<void> {
  const result = {
    runtime: `Node ${process.version}`,
    messages1KB: await messages(quick ? 2_000 : 20_000),
    file: await file(quick ? 10 : 50),
    unlock: await unlock(),
  };
  console.table({ '1 KB messages': result.messages1KB });
  console.table({ file: result.file });
  console.table({ unlock: result.unlock });
  writeResult('crypto', quick, result);
}
