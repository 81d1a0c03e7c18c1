import type { User } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import type { Trust } from '../../crypto/verification';
import './encryption.css';

const LABEL: Record<Trust, string> = {
  none: 'Waiting: has not set up encryption',
  unverified: 'Not verified',
  verified: 'Verified',
  changed: 'Key changed',
};

/** One member's encryption state in the members panel; opens the fingerprint check. */
export function MemberTrust({
  user,
  trust,
  self,
  onVerify,
}: {
  user: User;
  trust: Trust;
  self: boolean;
  onVerify: () => void;
}) {
  if (trust === 'none' || self) {
    return (
      <span className={`trust trust-${self && trust !== 'none' ? 'self' : 'none'}`}>
        {self ? (trust === 'none' ? 'Not set up' : 'You') : LABEL.none}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`trust trust-${trust}`}
      aria-label={`${LABEL[trust]}: check ${user.displayName}’s fingerprint`}
      onClick={onVerify}
    >
      {trust === 'changed' && <Icon name="alert" size={12} />}
      {trust === 'verified' && <Icon name="check" size={12} />}
      {LABEL[trust]}
    </button>
  );
}
