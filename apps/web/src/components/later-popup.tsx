import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
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

export type LaterPopupProps = {
  anchor: RefObject<HTMLButtonElement | null>;
  menuLabel: string;
  note?: string;
  pickLabel: string;
  onPick: (at: Date) => void;
  extra?: { label: string; onSelect: () => void }[];
  onClose: (refocus: boolean) => void;
};

/** LaterMenu's times and custom date, loaded when a menu first opens. */
export default function LaterPopup({
  anchor,
  menuLabel,
  note,
  pickLabel,
  onPick,
  extra,
  onClose,
}: LaterPopupProps) {
  const menu = useRef<HTMLDivElement>(null);
  const [custom, setCustom] = useState(false);
  const [style, setStyle] = useState<CSSProperties>({ visibility: 'hidden' });
  const pick = (at: Date) => {
    onClose(true);
    onPick(at);
  };

  useLayoutEffect(() => {
    if (anchor.current && menu.current) setStyle(besideAnchor(anchor.current, menu.current));
  }, [anchor, custom]);

  // Once placed (a hidden menu cannot take focus), its first item or field has it.
  useEffect(() => {
    if (style.visibility !== 'hidden')
      menu.current?.querySelector<HTMLElement>('[role="menuitem"], input')?.focus();
  }, [style, custom]);

  useEffect(() => {
    const outside = (e: PointerEvent) => {
      const path = e.composedPath();
      if (!path.includes(menu.current!) && !path.includes(anchor.current!)) onClose(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [anchor, onClose]);

  const now = new Date();
  return createPortal(
    custom ? (
      <div className="menu later-menu" role="dialog" aria-label={menuLabel} ref={menu} style={style}>
        <CustomTime pickLabel={pickLabel} onPick={pick} onBack={() => setCustom(false)} onClose={onClose} />
      </div>
    ) : (
      <div
        className="menu later-menu"
        role="menu"
        aria-label={menuLabel}
        ref={menu}
        style={style}
        onKeyDown={(e) => handleMenuKeys(e, menu.current, onClose)}
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
              onClose(true);
              item.onSelect();
            }}
          >
            {item.label}
          </button>
        ))}
      </div>
    ),
    document.body,
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
