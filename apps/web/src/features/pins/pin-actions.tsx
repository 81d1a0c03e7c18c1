import type { Message } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { usePinToggle, useSaved, useSaveToggle } from './use-pins';
import './pins.css';

/** "Pin to channel" among a message's actions: everyone in the channel sees the pin. */
export function PinButton({ message }: { message: Message }) {
  const toggle = usePinToggle();
  const label = message.pinnedAt ? 'Unpin from channel' : 'Pin to channel';
  return (
    <button
      type="button"
      className={`icon-button ${message.pinnedAt ? 'icon-button-on' : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={!!message.pinnedAt}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate(message)}
    >
      <Icon name="pin" size={16} />
    </button>
  );
}

/** "Save for later": private to the reader, listed in Saved on every device. */
export function SaveButton({ message }: { message: Message }) {
  const { data } = useSaved();
  const toggle = useSaveToggle();
  const saved = !!data?.saved.some((s) => s.message.id === message.id);
  const label = saved ? 'Remove from saved' : 'Save for later';
  return (
    <button
      type="button"
      className={`icon-button ${saved ? 'icon-button-on' : ''}`}
      aria-label={label}
      title={label}
      aria-pressed={saved}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ message, saved })}
    >
      <Icon name="bookmark" size={16} />
    </button>
  );
}

/** Above a pinned message's text: who pinned it. */
export function PinnedMark({ message, pinnerName }: { message: Message; pinnerName: string | undefined }) {
  if (!message.pinnedAt || message.deletedAt) return null;
  return (
    <span className="pinned-mark">
      <Icon name="pin" size={12} /> Pinned by {pinnerName ?? 'someone'}
    </span>
  );
}
