import { decryptMessage, encryptMessage, isCryptoError, type SealedFileMeta } from '@parley/crypto';
import type { EncryptedBody, Message } from '@parley/protocol';
import { forgetKeyring, keyring, maintainKeys } from './channel-keys';
import { peerKey } from './user-keys';
import { unlockedPairs, vaultSettled } from './vault';
import { loadChunk } from '../lib/load-chunk';

export type Plain =
  | { ok: true; text: string; files: SealedFileMeta[] }
  | { ok: false; state: 'locked' | 'missing-key' | 'failed'; reason: string };

/**
 * Encrypts and signs with the channel's current key, making or rotating it first when needed. Files
 * sealed in the browser travel inside: their keys, names and types are signed with the text.
 */
export async function encryptText(
  channelId: string,
  selfId: string,
  text: string,
  files: SealedFileMeta[] = [],
): Promise<EncryptedBody> {
  await vaultSettled();
  const pairs = unlockedPairs();
  if (!pairs) throw new Error('Unlock encryption to send in this channel.');
  let ring = await keyring(channelId);
  if (ring.rotationNeeded || !ring.versions.has(ring.current)) {
    forgetKeyring(channelId);
    await maintainKeys(channelId, selfId);
    ring = await keyring(channelId);
  }
  const key = ring.versions.get(ring.current);
  if (!key) {
    throw new Error(
      'You do not have this channel’s key yet: a member’s browser shares it when they are online.',
    );
  }
  return encryptMessage({
    // The files payload's code loads only for messages that carry files.
    text: files.length ? (await import('./file-crypto')).encodeMessagePayload({ text, files }) : text,
    channelId,
    keyVersion: ring.current,
    keys: key.keys,
    signingKey: pairs.ecdsa.privateKey,
  });
}

/** Text the user sealed themselves (a draft, a scheduled message); undefined when it cannot be opened here (locked, no key). */
export async function openOwnText(
  sealed: Pick<Message, 'channelId' | 'body' | 'encrypted'>,
  selfId: string,
): Promise<string | undefined> {
  if (sealed.body !== null) return sealed.body;
  const plain = await decryptText({ ...sealed, authorId: selfId }, 'You');
  return plain.ok ? plain.text : undefined;
}

/** Tag, then signature, then decryption; every failure comes back with a reason a person can read. */
export async function decryptText(
  message: Pick<Message, 'channelId' | 'authorId' | 'body' | 'encrypted'>,
  authorName: string,
): Promise<Plain> {
  const body = message.encrypted;
  if (!body) return { ok: true, text: message.body ?? '', files: [] };
  if (!unlockedPairs())
    return { ok: false, state: 'locked', reason: 'Unlock encryption to read this message.' };
  const ring = await keyring(message.channelId);
  const key = ring.versions.get(body.keyVersion);
  if (!key) {
    return {
      ok: false,
      state: 'missing-key',
      reason:
        ring.failed.get(body.keyVersion) ??
        `You do not hold key ${body.keyVersion} of this channel: no member has shared it with you yet.`,
    };
  }
  const author = await peerKey(message.authorId);
  if (!author) {
    return {
      ok: false,
      state: 'failed',
      reason: `${authorName} has no encryption keys now, so the signature cannot be checked.`,
    };
  }
  try {
    const plain = await decryptMessage({
      body,
      channelId: message.channelId,
      keys: key.keys,
      verifyKey: author.ecdsa,
    });
    // A payload with files starts with U+0001 (packages/crypto FILES_PREFIX); bare text never does.
    if (!plain.startsWith('\u0001')) return { ok: true, text: plain, files: [] };
    // Through loadChunk: a failure here would read as a message that cannot be decrypted, and be kept.
    return { ok: true, ...(await loadChunk(() => import('./file-crypto'))).decodeMessagePayload(plain) };
  } catch (err) {
    const code = isCryptoError(err) ? err.code : 'unknown';
    const reason =
      code === 'bad_tag'
        ? 'It was altered, or not sealed with this channel’s key: its authentication tag does not match.'
        : code === 'bad_signature'
          ? `Its signature does not match ${authorName}’s key.`
          : `It could not be decrypted (${code}).`;
    return { ok: false, state: 'failed', reason };
  }
}
