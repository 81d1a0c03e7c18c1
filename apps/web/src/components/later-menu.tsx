import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { besideAnchor } from '../lib/beside-anchor';
import {
  customTimeProblem,
  laterChoices,
  laterTime,
  localInputValue,
  suggestedCustomTime,
} from '../lib/later-choices';
import { handleMenuKeys } from './menu-keys';
import './later-menu.css';

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
export function LaterMenu(props: Props) {
  const { label, children, className, disabled, note, pickLabel, onPick, extra } = props;
  const menuLabel = props.menuLabel ?? label;
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const [custom, setCustom] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ visibility: 'hidden' });
  const touched = useRef(0);
  const toggle = () => {
    setStyle({ visibility: 'hidden' });
    setCustom(false);
    setOpen((v) => !v);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const pick = (at: Date) => {
    close(true);
    onPick(at);
  };

  useLayoutEffect(() => {
    if (open && button.current && menu.current) setStyle(besideAnchor(button.current, menu.current));
  }, [open, custom]);

  // Once placed (a hidden menu cannot take focus), its first item or field has it.
  useEffect(() => {
    if (open && style.visibility !== 'hidden')
      menu.current?.querySelector<HTMLElement>('[role="menuitem"], input')?.focus();
  }, [open, style, custom]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      const path = e.composedPath();
      if (!path.includes(menu.current!) && !path.includes(button.current!)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [open]);

  const now = new Date();
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
          toggle();
        }}
        onClick={() => Date.now() - touched.current > 800 && toggle()}
      >
        {children}
      </button>
      {open &&
        createPortal(
          custom ? (
            <div className="menu later-menu" role="dialog" aria-label={menuLabel} ref={menu} style={style}>
              <CustomTime
                pickLabel={pickLabel}
                onPick={pick}
                onBack={() => setCustom(false)}
                onClose={close}
              />
            </div>
          ) : (
            <div
              className="menu later-menu"
              role="menu"
              aria-label={menuLabel}
              ref={menu}
              style={style}
              onKeyDown={(e) => handleMenuKeys(e, menu.current, close)}
            >
              {note && <div className="menu-note">{note}</div>}
              {laterChoices(now).map((choice) => (
                <button
                  key={choice.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => pick(choice.at)}
                >
                  {choice.label}
                  <span className="menu-hint">{laterTime(choice.at, now)}</span>
                </button>
              ))}
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setStyle({ visibility: 'hidden' });
                  setCustom(true);
                }}
              >
                Custom time…
              </button>
              {extra?.map((item) => (
                <button
                  key={item.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  onClick={() => {
                    close(true);
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              ))}
            </div>
          ),
          document.body,
        )}
    </>
  );
}

function CustomTime({
  pickLabel,
  onPick,
  onBack,
  onClose,
}: {
  pickLabel: string;
  onPick: (at: Date) => void;
  onBack: () => void;
  onClose: (refocus: boolean) => void;
}) {
  const [value, setValue] = useState(() => localInputValue(suggestedCustomTime(new Date())));
  const [problem, setProblem] = useState<string>();
  return (
    <form
      className="later-custom"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        // React carries a portal's events up its tree: the composer's own form must not take this one.
        e.stopPropagation();
        const at = new Date(value);
        const why = customTimeProblem(at, new Date());
        if (why) return setProblem(why);
        onPick(at);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose(true);
      }}
    >
      <label>
        Date and time
        <input
          type="datetime-local"
          value={value}
          min={localInputValue(new Date())}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(undefined);
          }}
          aria-invalid={!!problem}
          aria-describedby={problem ? 'later-custom-problem' : undefined}
        />
      </label>
      {problem && (
        <span id="later-custom-problem" className="later-custom-problem" role="alert">
          {problem}
        </span>
      )}
      <div className="later-custom-actions">
        <button type="button" className="button button-ghost button-small" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="button button-small">
          {pickLabel}
        </button>
      </div>
    </form>
  );
}
