import { useEffect, useRef, useState } from 'react';
import { Icon } from '../../components/dialog';
import { handleMenuKeys } from '../../components/menu-keys';
import { useDismiss } from '../../lib/use-dismiss';

/** `hint` is a second, quieter line: the current setting an entry opens. */
export type ChannelAction = { label: string; hint?: string; run: () => void };

/** The header's rarer actions (rename, archive, leave; on a phone files, pins and notifications too) behind one button, so the name keeps its room. */
export function ChannelMenu({
  actions,
  buttonRef: button,
}: {
  actions: ChannelAction[];
  buttonRef: React.RefObject<HTMLButtonElement | null>;
}) {
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  useDismiss(anchor, open, () => setOpen(false));
  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  if (actions.length === 0) return null;
  return (
    <div className="menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label="Channel actions"
        title="Channel actions"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="more" />
      </button>
      {open && (
        <div
          className="menu"
          role="menu"
          aria-label="Channel actions"
          ref={menu}
          onKeyDown={(e) => handleMenuKeys(e, menu.current, close)}
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                // Focus back on the button first, so a dialog the action opens returns it there.
                close(true);
                action.run();
              }}
            >
              {action.label}
              {action.hint && <span className="menu-hint">{action.hint}</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
