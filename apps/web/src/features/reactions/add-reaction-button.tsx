import { Suspense, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { lazyChunk } from '../../lib/load-chunk';
import { Icon } from '../../components/dialog';
import { canonicalEmoji } from '../../components/emoji/emoji-form';
import { setOwnReaction } from './toggle-reaction';
import { notify } from '../../realtime/notices';
import { TOUCH_SCREEN } from '../../lib/touch-screen';
import './reactions.css';

// The popover and the picker load on the first open: they stay out of the first-load bundle.
type Popover = typeof import('./emoji-picker-popover').EmojiPickerPopover;
let EmojiPickerPopover: Popover | undefined;
const loadPopover = () =>
  import('./emoji-picker-popover').then((m) => (EmojiPickerPopover = m.EmojiPickerPopover));

const AddEmojiDialog = lazyChunk(() =>
  import('../../components/emoji/add-emoji-dialog').then((m) => ({ default: m.AddEmojiDialog })),
);

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
  const [adding, setAdding] = useState(false);
  const [loading, setLoading] = useState(false);

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
        // Its picker follows: the sheet of a message's actions on a touch screen leaves focus to it.
        data-keeps-sheet={variant === 'action' || undefined}
        aria-haspopup="dialog"
        aria-expanded={!!anchor}
        // A slow connection still shows the click was taken while the picker loads.
        aria-busy={loading || undefined}
        onClick={(e) => {
          if (anchor) return setAnchor(undefined);
          const target = e.currentTarget;
          if (EmojiPickerPopover) return setAnchor(target);
          if (loading) return;
          setLoading(true);
          loadPopover()
            .then(
              () => setAnchor(target),
              () => notify('The emoji picker could not load. Check your connection and try again.'),
            )
            .finally(() => setLoading(false));
        }}
      >
        <Icon name="addReaction" size={variant === 'action' ? 16 : 15} />
      </button>
      {anchor && EmojiPickerPopover && (
        <EmojiPickerPopover
          anchor={anchor}
          onClose={close}
          onAddEmoji={() => {
            setAnchor(undefined);
            setAdding(true);
          }}
          onPick={(emoji) => {
            // In a touch sheet, focus back on the action would open the sheet again over the new reaction.
            close(!(TOUCH_SCREEN && variant === 'action'));
            void setOwnReaction(qc, message, canonicalEmoji(emoji), true);
          }}
        />
      )}
      {/* Outside the message's hover actions, which hide (and would hide the dialog) once the pointer leaves. */}
      {adding &&
        createPortal(
          <Suspense fallback={null}>
            <AddEmojiDialog
              onClose={() => {
                setAdding(false);
                trigger.current?.focus();
              }}
            />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
