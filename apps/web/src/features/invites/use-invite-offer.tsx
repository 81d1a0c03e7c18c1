import { Suspense, useState } from 'react';
import type { Channel, User } from '@parley/protocol';
import { lazyChunk } from '../../lib/load-chunk';

const InviteDialog = lazyChunk(() => import('./invite-dialog').then((m) => ({ default: m.InviteDialog })));

/** Alone in the team's default channel (a new instance's owner): the channel's start offers to invite people. */
export function useInviteOffer(channel: Channel, me: User) {
  const [open, setOpen] = useState(false);
  const offered = channel.isDefault && channel.memberCount === 1 && me.role !== 'guest';
  return {
    onInvite: offered ? () => setOpen(true) : undefined,
    dialog: open && (
      <Suspense fallback={null}>
        <InviteDialog me={me} onClose={() => setOpen(false)} />
      </Suspense>
    ),
  };
}
