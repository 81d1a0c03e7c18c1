import { formatFingerprint, importPublicKey, userFingerprint } from '@parley/crypto';
import type { UserKeys, UserKeysResponse } from '@parley/protocol';
import { api } from '../lib/api';

export type PeerKeys = { userId: string; ecdh: CryptoKey; ecdsa: CryptoKey; fingerprint: string };

// userId -> its keys, or null when the user has not set up encryption.
const cache = new Map<string, Promise<PeerKeys | null>>();

async function toPeer(k: UserKeys): Promise<PeerKeys> {
  const [ecdh, ecdsa] = await Promise.all([
    importPublicKey(k.publicKeys.ecdh, 'ecdh'),
    importPublicKey(k.publicKeys.ecdsa, 'ecdsa'),
  ]);
  return {
    userId: k.userId,
    ecdh,
    ecdsa,
    fingerprint: formatFingerprint(await userFingerprint({ ecdh, ecdsa })),
  };
}

/** Public keys of these users, fetched once each (200 per request) until they change. */
export async function peerKeys(userIds: string[]): Promise<Map<string, PeerKeys | null>> {
  const missing = [...new Set(userIds)].filter((id) => !cache.has(id));
  for (let i = 0; i < missing.length; i += 200) {
    const ids = missing.slice(i, i + 200);
    const batch = api<UserKeysResponse>('GET', `/keys?userIds=${ids.join(',')}`).then((r) => r.keys);
    for (const id of ids) {
      const one = batch.then((list) => {
        const found = list.find((k) => k.userId === id);
        return found ? toPeer(found).catch(() => null) : null;
      });
      one.catch(() => cache.delete(id));
      cache.set(id, one);
    }
  }
  const entries = await Promise.all(userIds.map(async (id) => [id, await cache.get(id)!] as const));
  return new Map(entries);
}

export async function peerKey(userId: string): Promise<PeerKeys | null> {
  return (await peerKeys([userId])).get(userId) ?? null;
}

export function forgetPeerKeys(userId?: string): void {
  if (userId) cache.delete(userId);
  else cache.clear();
}
