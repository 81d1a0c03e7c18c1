import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { canonicalEmoji } from './emoji-form';
import { EmojiPickerPopover } from './emoji-picker-popover';
import { AddReactionIcon } from './smiley-icon';
import { setOwnReaction } from './toggle-reaction';
import './reactions.css';

type Props = {
  message: Pick<Message, 'id' | 'channelId' | 'threadRootId'>;
  /** `action`: the icon in a message's hover actions; `pill`: the small one closing the reaction bar. */
  variant: 'action' | 'pill';
};

/** Opens the emoji picker; the emoji picked becomes the caller's reaction. */
export function AddReactionButton({ message, variant }: Props) {
  const qc = useQueryClient();
  const trigger = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement>();

  const close = (returnFocus: boolean) => {
    setAnchor(undefined);
    if (returnFocus) trigger.current?.focus();
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={variant === 'action' ? 'icon-button add-reaction-action' : 'reaction-pill reaction-add'}
        aria-label="Add reaction"
        title={variant === 'action' ? 'Add reaction' : undefined}
        aria-haspopup="dialog"
        aria-expanded={!!anchor}
        onClick={(e) => setAnchor(anchor ? undefined : e.currentTarget)}
      >
        <AddReactionIcon size={variant === 'action' ? 16 : 15} />
      </button>
      {anchor && (
        <EmojiPickerPopover
          anchor={anchor}
          onClose={close}
          onPick={(emoji) => {
            close(true);
            void setOwnReaction(qc, message, canonicalEmoji(emoji), true);
          }}
        />
      )}
    </>
  );
}
