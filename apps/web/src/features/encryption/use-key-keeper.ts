import { useEffect } from 'react';
import type { Channel } from '@parley/protocol';
import { useStore } from '../../lib/store';
import { maintainKeys } from '../../crypto/channel-keys';
import { peersEpoch } from '../../crypto/epoch';
import { vault } from '../../crypto/vault';

/** While an encrypted channel is open, keeps its key made, rotated and shared with members who wait. */
export function useKeyKeeper(channel: Channel, selfId: string): void {
  const unlocked = useStore(vault).status === 'unlocked';
  const peers = useStore(peersEpoch);
  const active = channel.encrypted && !!channel.membership && !channel.archivedAt && unlocked;
  const { id, keyVersion, keyRotationNeeded, memberCount } = channel;
  useEffect(() => {
    if (!active) return;
    // A little jitter keeps every open browser from racing to do the same work.
    const timer = setTimeout(() => void maintainKeys(id, selfId).catch(() => {}), Math.random() * 400);
    return () => clearTimeout(timer);
  }, [active, id, selfId, keyVersion, keyRotationNeeded, memberCount, peers]);
}
