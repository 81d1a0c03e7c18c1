import { Suspense, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Message } from '@parley/protocol';
import { lazyChunk } from '../../lib/load-chunk';
import { Icon } from '../../components/dialog';
import { TOUCH_SCREEN } from '../../lib/touch-screen';
import { useMessageLink } from './message-link';

const ForwardDialog = lazyChunk(() => import('./forward-dialog'));

/** "Forward" among a message's actions, as Slack's: to any conversation one is in, with a note. */
export function ForwardButton({ message }: { message: Message }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const linkOf = useMessageLink();
  // System lines have no text to forward.
  if (!linkOf || message.system || message.deletedAt) return null;
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="icon-button"
        aria-label="Forward message"
        title="Forward message"
        onClick={() => setOpen(true)}
      >
        <Icon name="send" size={16} />
      </button>
      {/* Outside the message's hover actions, which hide (and would hide the dialog) once the pointer leaves. */}
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <ForwardDialog
              message={message}
              link={linkOf(message)}
              onClose={() => {
                setOpen(false);
                // As the reaction picker: on a touch screen, focus on the action could bring its sheet back.
                if (!TOUCH_SCREEN) trigger.current?.focus();
              }}
            />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
