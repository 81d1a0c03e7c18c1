import { Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { lazyChunk } from '../lib/load-chunk';

// Loaded on first open: the composer shows the button on every screen, the times only when asked for.
const LaterPopup = lazyChunk(() => import('./later-popup'));

type Props = {
  /** The button's name, and the menu's unless `menuLabel` says otherwise. */
  label: string;
  menuLabel?: string;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
  /** A line above the times, such as when one is set already. */
  note?: string;
  /** What the custom time's button says: "Schedule", "Remind me". */
  pickLabel: string;
  onPick: (at: Date) => void;
  /** Items after the times, such as cancelling what is set. */
  extra?: { label: string; onSelect: () => void }[];
};

/** A button with Slack's "later" times (in 20 minutes … next Monday) and a custom date and time. */
export function LaterMenu({ label, menuLabel, children, className, disabled, ...popup }: Props) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const touched = useRef(0);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className ?? 'icon-button'}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={disabled}
        data-keeps-sheet
        // A tap in the phone's sheet may bring no click (Chromium drops it): the touch's end opens the menu.
        onPointerUp={(e) => {
          if (e.pointerType !== 'touch' || disabled) return;
          touched.current = Date.now();
          setOpen((v) => !v);
        }}
        onClick={() => Date.now() - touched.current > 800 && setOpen((v) => !v)}
      >
        {children}
      </button>
      {open && (
        <Suspense fallback={null}>
          <LaterPopup anchor={button} menuLabel={menuLabel ?? label} onClose={close} {...popup} />
        </Suspense>
      )}
    </>
  );
}
