import { useEffect, useRef } from 'react';
import type { Channel, NotifyLevel } from '@parley/protocol';
import { describeError } from '../../lib/api';
import { handleMenuKeys } from '../../components/menu-keys';
import { notify as notice } from '../../realtime/notices';
import { useUpdateMembership } from '../../realtime/use-channels';
import { NOTIFY_LEVELS } from '../../lib/notify-levels';
import './notify-menu.css';

/** The member's own notification level and mute for one channel, as a menu under the header's bell. */
export default function NotifyMenu({
  channel,
  onClose,
}: {
  channel: Channel;
  onClose: (refocus: boolean) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const membership = channel.membership!;
  // The menu closes as it saves: an error is told from the mutation itself, which outlives it.
  const save = useUpdateMembership((err) =>
    notice(`Could not change the notifications: ${describeError(err)}`),
  );

  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const outside = (e: MouseEvent) =>
      !ref.current?.parentElement?.contains(e.target as Node) && onClose(false);
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [onClose]);

  const choose = (body: { notify?: NotifyLevel; muted?: boolean }) => {
    save.mutate({ id: channel.id, ...body });
    onClose(true);
  };

  return (
    <div
      className="menu notify-menu"
      role="menu"
      aria-label="Notifications"
      ref={ref}
      onKeyDown={(e) => handleMenuKeys(e, ref.current, onClose)}
    >
      <span className="menu-heading" aria-hidden>
        Notify me about
      </span>
      {NOTIFY_LEVELS.map((level) => (
        <button
          key={level.value}
          type="button"
          role="menuitemradio"
          aria-checked={membership.notify === level.value}
          tabIndex={-1}
          onClick={() => choose({ notify: level.value })}
        >
          {level.label}
        </button>
      ))}
      <hr className="menu-separator" />
      <button
        type="button"
        role="menuitemcheckbox"
        aria-checked={membership.muted}
        tabIndex={-1}
        onClick={() => choose({ muted: !membership.muted })}
      >
        Mute channel
        <span className="menu-hint">Out of bold unread; mentions still count</span>
      </button>
    </div>
  );
}
