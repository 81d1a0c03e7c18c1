import { Suspense, useState, type ReactNode } from 'react';
import type { User } from '@parley/protocol';
import { lazyChunk } from '../../lib/load-chunk';
import './profile-card.css';

const ProfileCard = lazyChunk(() => import('./profile-card'));

/** A name or avatar that opens the person's card. */
export function ProfileTrigger({ user, children }: { user: User | undefined; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  if (!user) return <>{children}</>;
  return (
    <span className="profile-anchor">
      <button
        type="button"
        className="profile-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {children}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ProfileCard user={user} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  );
}
