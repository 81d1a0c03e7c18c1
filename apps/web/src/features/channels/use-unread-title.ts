import { useEffect } from 'react';
import type { Channel } from '@parley/protocol';
import { totalUnread } from '../../realtime/merge';

/** "(3) Parley" while something is unread, so a background tab shows it. */
export function useUnreadTitle(channels: Channel[] | undefined): void {
  const unread = totalUnread(channels);
  useEffect(() => {
    document.title = unread > 0 ? `(${unread > 99 ? '99+' : unread}) Parley` : 'Parley';
  }, [unread]);
}
