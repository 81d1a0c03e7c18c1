import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { Icon } from '../../components/dialog';
import { handleMenuKeys } from '../../components/menu-keys';
import { api, describeError } from '../../lib/api';
import { besideAnchor } from '../../lib/beside-anchor';
import { keys } from '../../realtime/keys';
import { notify } from '../../realtime/notices';
import { reminderChoices, reminderTime } from './reminder-choices';
import { useSaved } from './use-pins';
import './pins.css';

/** "Remind me about this", as in Slack: a time from a short list; the message is saved with it. */
export function RemindButton({ message }: { message: Message }) {
  const qc = useQueryClient();
  const { data } = useSaved();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ visibility: 'hidden' });
  const remindAt = data?.saved.find((s) => s.message.id === message.id)?.remindAt ?? null;
  const write = useMutation({
    mutationFn: (at: Date | null) =>
      at
        ? api('PUT', `/messages/${message.id}/reminder`, { at: at.toISOString() })
        : api('DELETE', `/messages/${message.id}/reminder`),
    onSuccess: (_, at) =>
      notify(
        at ? `I will remind you about this message ${reminderTime(at, new Date())}.` : 'Reminder cancelled.',
      ),
    onError: (err) => notify(`Could not set the reminder: ${describeError(err)}`),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.saved }),
  });
  const touched = useRef(0);
  const toggle = () => {
    setStyle({ visibility: 'hidden' });
    setOpen((v) => !v);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useLayoutEffect(() => {
    if (open && button.current && menu.current) setStyle(besideAnchor(button.current, menu.current));
  }, [open]);

  // Once placed (a hidden menu cannot take focus), its first item has it.
  useEffect(() => {
    if (open && style.visibility !== 'hidden')
      menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open, style]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      const path = e.composedPath();
      if (!path.includes(menu.current!) && !path.includes(button.current!)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  const label = remindAt
    ? `Reminder ${reminderTime(new Date(remindAt), new Date())}`
    : 'Remind me about this';
  return (
    <>
      <button
        ref={button}
        type="button"
        className={`icon-button ${remindAt ? 'icon-button-on' : ''}`}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        data-keeps-sheet
        // A tap in the phone's sheet may bring no click (Chromium drops it): the touch's end opens the menu.
        onPointerUp={(e) => {
          if (e.pointerType !== 'touch') return;
          touched.current = Date.now();
          toggle();
        }}
        onClick={() => Date.now() - touched.current > 800 && toggle()}
      >
        <Icon name="clock" size={16} />
      </button>
      {open &&
        createPortal(
          <div
            className="menu remind-menu"
            role="menu"
            aria-label="Remind me about this"
            ref={menu}
            style={style}
            onKeyDown={(e) => handleMenuKeys(e, menu.current, close)}
          >
            {remindAt && (
              <div className="menu-note">Reminder set for {reminderTime(new Date(remindAt), new Date())}</div>
            )}
            {reminderChoices(new Date()).map((choice) => (
              <button
                key={choice.label}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  write.mutate(choice.at);
                }}
              >
                {choice.label}
                <span className="menu-hint">{reminderTime(choice.at, new Date())}</span>
              </button>
            ))}
            {remindAt && (
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  write.mutate(null);
                }}
              >
                Cancel reminder
              </button>
            )}
          </div>,
          document.body,
        )}
    </>
  );
}
