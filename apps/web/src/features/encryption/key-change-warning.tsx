import type { Channel } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { useStore } from '../../lib/store';
import { useMembers } from '../../realtime/use-channels';
import { usePeerKeys } from './use-peer-keys';
import { trustOf, verified } from '../../crypto/verification';
import './encryption.css';

/** A verified member whose key changed is a warning, never accepted in silence. */
export function KeyChangeWarning({ channel, onReview }: { channel: Channel; onReview: () => void }) {
  const { data: members = [] } = useMembers(channel.id);
  const { data: peers } = usePeerKeys(members.map((m) => m.user.id));
  const trust = useStore(verified);
  const changed = members.filter(
    (m) => trustOf(trust, m.user.id, peers?.get(m.user.id)?.fingerprint) === 'changed',
  );
  if (changed.length === 0) return null;
  const names = changed.map((m) => m.user.displayName).join(', ');
  return (
    <div className="key-warning" role="alert" data-testid="key-change-warning">
      <Icon name="alert" size={16} />
      <span>
        <strong>{names}</strong> {changed.length === 1 ? 'has' : 'have'} a new encryption key since you
        verified it. This browser shares no channel key with the new key until you compare fingerprints again.
      </span>
      <button type="button" className="button button-small button-ghost" onClick={onReview}>
        Review
      </button>
    </div>
  );
}
