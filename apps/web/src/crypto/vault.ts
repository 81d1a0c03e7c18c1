import {
  exportPublicKeys,
  formatFingerprint,
  generateRecoveryKey,
  generateUserKeyPairs,
  isCryptoError,
  toNonExtractable,
  unwrapPrivateKeys,
  unwrapPrivateKeysWithRecoveryKey,
  userFingerprint,
  wrapPrivateKeys,
  wrapPrivateKeysWithRecoveryKey,
  type UserKeyPairs,
} from '@parley/crypto';
import type { OwnKeys, OwnKeysResponse, PublicKeys } from '@parley/protocol';
import { api } from '../lib/api';
import { createStore } from '../lib/store';
import { bumpCryptoEpoch } from './epoch';
import { idbDelete, idbGet, idbPut } from './idb';
import { deleteSearchIndex } from './search-index-db';

export type VaultState =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'locked'; own: OwnKeys }
  | { status: 'unlocked'; own: OwnKeys; pairs: UserKeyPairs; fingerprint: string };

/** This browser's hold on the user's private keys: none set up, locked (on the server only), or unlocked. */
export const vault = createStore<VaultState>({ status: 'loading' });
let userId = '';
type Saved = { pairs: UserKeyPairs; publicKeys: PublicKeys };
const storageKey = () => `vault.${userId}`;
const same = (a: PublicKeys, b: PublicKeys) => a.ecdh === b.ecdh && a.ecdsa === b.ecdsa;

export function unlockedPairs(): UserKeyPairs | undefined {
  const v = vault.get();
  return v.status === 'unlocked' ? v.pairs : undefined;
}

/** Resolves once this browser knows whether it holds the keys (sends queued at start wait for it). */
export function vaultSettled(timeoutMs = 10_000): Promise<void> {
  if (vault.get().status !== 'loading') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    const stop = vault.subscribe(() => vault.get().status !== 'loading' && done());
  });
}

export async function openVault(id: string): Promise<void> {
  userId = id;
  vault.set({ status: 'loading' });
  const { keys: own } = await api<OwnKeysResponse>('GET', '/keys/me');
  if (userId !== id) return;
  if (!own) {
    await idbDelete(storageKey()).catch(() => {});
    return vault.set({ status: 'none' });
  }
  const saved = await idbGet<Saved>(storageKey()).catch(() => undefined);
  if (saved && same(saved.publicKeys, own.publicKeys)) return unlocked(own, saved.pairs, false);
  vault.set({ status: 'locked', own });
}

async function unlocked(own: OwnKeys, pairs: UserKeyPairs, remember: boolean): Promise<void> {
  const fingerprint = formatFingerprint(
    await userFingerprint({ ecdh: pairs.ecdh.publicKey, ecdsa: pairs.ecdsa.publicKey }),
  );
  if (remember) await idbPut(storageKey(), { pairs, publicKeys: own.publicKeys }).catch(() => {});
  vault.set({ status: 'unlocked', own, pairs, fingerprint });
  bumpCryptoEpoch();
}

function ownKeys(): OwnKeys {
  const v = vault.get();
  if (v.status !== 'locked' && v.status !== 'unlocked') throw new Error('Set up encryption first.');
  return v.own;
}

/** Makes both key pairs, uploads the public halves and the wrapped private halves; returns the recovery key. */
export async function setUpEncryption(passphrase: string): Promise<string> {
  const pairs = await generateUserKeyPairs();
  const recoveryKey = generateRecoveryKey();
  const [publicKeys, wrappedPrivate, recoveryWrapped] = await Promise.all([
    exportPublicKeys(pairs),
    wrapPrivateKeys(pairs, passphrase, { context: userId }),
    wrapPrivateKeysWithRecoveryKey(pairs, recoveryKey, { context: userId }),
  ]);
  const { keys: own } = await api<{ keys: OwnKeys }>('PUT', '/keys/me', {
    publicKeys,
    wrappedPrivate,
    recoveryWrapped,
  });
  await unlocked(own, await toNonExtractable(pairs), true);
  return recoveryKey;
}

async function open(secret: string, recovery: boolean, extractable: boolean): Promise<UserKeyPairs> {
  const own = ownKeys();
  const options = { context: userId, extractable };
  try {
    return recovery
      ? await unwrapPrivateKeysWithRecoveryKey(own.recoveryWrapped, secret, options)
      : await unwrapPrivateKeys(own.wrappedPrivate, secret, options);
  } catch (err) {
    if (isCryptoError(err, 'wrong_secret'))
      throw new Error(recovery ? 'That recovery key does not unlock your keys.' : 'Wrong passphrase.');
    if (isCryptoError(err, 'bad_format')) throw new Error('That is not a recovery key.');
    throw err;
  }
}

export async function unlockWithPassphrase(passphrase: string, remember: boolean): Promise<void> {
  await unlocked(ownKeys(), await open(passphrase, false, false), remember);
}

/** The recovery key unlocks, then a new passphrase replaces the forgotten one. */
export async function unlockWithRecoveryKey(recoveryKey: string, newPassphrase: string): Promise<void> {
  const pairs = await open(recoveryKey, true, true);
  const wrappedPrivate = await wrapPrivateKeys(pairs, newPassphrase, { context: userId });
  const { keys: own } = await api<{ keys: OwnKeys }>('PATCH', '/keys/me', { wrappedPrivate });
  await unlocked(own, await toNonExtractable(pairs), true);
}

export async function changePassphrase(current: string, next: string): Promise<void> {
  const pairs = await open(current, false, true);
  const wrappedPrivate = await wrapPrivateKeys(pairs, next, { context: userId });
  const { keys: own } = await api<{ keys: OwnKeys }>('PATCH', '/keys/me', { wrappedPrivate });
  await unlocked(own, await toNonExtractable(pairs), vault.get().status === 'unlocked');
}

/** Replaces the recovery key (the old one stops working); needs the passphrase. */
export async function replaceRecoveryKey(passphrase: string): Promise<string> {
  const pairs = await open(passphrase, false, true);
  const recoveryKey = generateRecoveryKey();
  const recoveryWrapped = await wrapPrivateKeysWithRecoveryKey(pairs, recoveryKey, { context: userId });
  const { keys: own } = await api<{ keys: OwnKeys }>('PATCH', '/keys/me', {
    wrappedPrivate: ownKeys().wrappedPrivate,
    recoveryWrapped,
  });
  await unlocked(own, await toNonExtractable(pairs), true);
  return recoveryKey;
}

/** Forgets the keys in this browser (and its local search index); they stay on the server, wrapped. */
export async function lockThisBrowser(): Promise<void> {
  await idbDelete(storageKey()).catch(() => {});
  const v = vault.get();
  if (v.status === 'unlocked') vault.set({ status: 'locked', own: v.own });
  // After the state change, which stops the local index, so nothing writes it again.
  await deleteSearchIndex();
  bumpCryptoEpoch();
}
