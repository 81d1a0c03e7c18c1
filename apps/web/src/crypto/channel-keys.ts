import {
  deriveEnvelopeKeys,
  generateChannelKey,
  unwrapChannelKey,
  wrapChannelKey,
  type EnvelopeKeys,
} from '@parley/crypto';
import type {
  Channel,
  ChannelKeyStatus,
  ChannelKeyStatusResponse,
  ChannelKeysResponse,
} from '@parley/protocol';
import { api, ApiError } from '../lib/api';
import { bumpCryptoEpoch } from './epoch';
import { peerKeys, type PeerKeys } from './user-keys';
import { unlockedPairs } from './vault';
import { trustOf, verified } from './verification';

type Version = { secret: Uint8Array; keys: EnvelopeKeys };
/** The channel keys this browser could unwrap, by version, and why the others failed. */
export type Keyring = {
  current: number;
  rotationNeeded: boolean;
  versions: Map<number, Version>;
  failed: Map<number, string>;
};

const rings = new Map<string, Promise<Keyring>>();

async function loadKeyring(channelId: string): Promise<Keyring> {
  const pairs = unlockedPairs();
  if (!pairs) throw new Error('Unlock encryption first.');
  const res = await api<ChannelKeysResponse>('GET', `/channels/${channelId}/keys`);
  const senders = await peerKeys(res.keys.flatMap((k) => (k.wrappedBy ? [k.wrappedBy] : [])));
  const versions = new Map<number, Version>();
  const failed = new Map<number, string>();
  for (const k of res.keys) {
    const sender = k.wrappedBy ? senders.get(k.wrappedBy) : null;
    if (!sender) {
      failed.set(k.version, 'The member who shared this key no longer has the keys that signed it.');
      continue;
    }
    try {
      const secret = await unwrapChannelKey({
        wrapped: k.wrapped,
        keyVersion: k.version,
        context: channelId,
        recipient: pairs.ecdh,
        sender: sender.ecdsa,
      });
      versions.set(k.version, { secret, keys: await deriveEnvelopeKeys(secret) });
    } catch {
      failed.set(k.version, 'The shared channel key did not verify, so it was not used.');
    }
  }
  return { current: res.keyVersion, rotationNeeded: res.rotationNeeded, versions, failed };
}

export function keyring(channelId: string): Promise<Keyring> {
  let ring = rings.get(channelId);
  if (!ring) {
    ring = loadKeyring(channelId);
    ring.catch(() => rings.delete(channelId));
    rings.set(channelId, ring);
  }
  return ring;
}

export function forgetKeyring(channelId?: string): void {
  if (channelId) rings.delete(channelId);
  else rings.clear();
  bumpCryptoEpoch();
}

// One maintenance run per channel at a time; a request during a run schedules one more.
const running = new Map<string, { again: boolean; done: Promise<void> }>();

/**
 * Makes the first key or rotates it when the server asks, and wraps the versions this browser
 * holds for members who lack them; never for a verified member whose key has changed.
 */
export function maintainKeys(channelId: string, selfId: string): Promise<void> {
  const run = running.get(channelId);
  if (run) {
    run.again = true;
    return run.done;
  }
  const entry = { again: false, done: Promise.resolve() };
  entry.done = (async () => {
    try {
      do {
        entry.again = false;
        await maintainOnce(channelId, selfId);
      } while (entry.again);
    } finally {
      running.delete(channelId);
    }
  })();
  running.set(channelId, entry);
  return entry.done;
}

async function maintainOnce(channelId: string, selfId: string): Promise<void> {
  const pairs = unlockedPairs();
  if (!pairs) return;
  const { status } = await api<ChannelKeyStatusResponse>('GET', `/channels/${channelId}/keys/status`);
  const withKeys = status.members.filter((m) => m.hasKeys).map((m) => m.userId);
  const peers = await peerKeys(withKeys);
  const trust = verified.get();
  const eligible = status.members.filter((m) => {
    const peer = peers.get(m.userId);
    return peer && (m.userId === selfId || trustOf(trust, m.userId, peer.fingerprint) !== 'changed');
  });
  if (status.keyVersion === 0 || status.rotationNeeded) {
    return rotate(channelId, status.keyVersion + 1, eligible, peers);
  }
  let ring = await keyring(channelId);
  if (ring.current !== status.keyVersion) {
    forgetKeyring(channelId);
    ring = await keyring(channelId);
  }
  for (const [version, { secret }] of ring.versions) {
    const lacking = eligible.filter((m) => m.userId !== selfId && !m.versions.includes(version));
    if (lacking.length) await postWraps(channelId, version, secret, lacking, peers);
  }
}

async function rotate(
  channelId: string,
  version: number,
  members: ChannelKeyStatus['members'],
  peers: Map<string, PeerKeys | null>,
): Promise<void> {
  try {
    await postWraps(channelId, version, generateChannelKey(), members, peers);
  } catch (err) {
    // Another member's browser rotated first: use theirs.
    if (!(err instanceof ApiError && err.code === 'stale_key_version')) throw err;
  }
  forgetKeyring(channelId);
}

async function postWraps(
  channelId: string,
  version: number,
  secret: Uint8Array,
  members: ChannelKeyStatus['members'],
  peers: Map<string, PeerKeys | null>,
): Promise<void> {
  const signer = unlockedPairs()!.ecdsa.privateKey;
  const wraps = await Promise.all(
    members.map(async (m) => ({
      userId: m.userId,
      wrapped: await wrapChannelKey({
        channelKey: secret,
        keyVersion: version,
        context: channelId,
        recipient: peers.get(m.userId)!.ecdh,
        signer,
      }),
    })),
  );
  await api('POST', `/channels/${channelId}/keys`, { version, wraps });
}

/** Someone set up keys or joined: every browser holding keys offers them, whichever channel is open. */
export function maintainChannels(channels: Channel[] | undefined, selfId: string): void {
  if (!unlockedPairs()) return;
  for (const c of channels ?? []) {
    if (!c.encrypted || !c.membership || c.archivedAt) continue;
    // Jitter spreads the work of many browsers seeing the same event.
    setTimeout(() => void maintainKeys(c.id, selfId).catch(() => {}), Math.random() * 1_000);
  }
}
