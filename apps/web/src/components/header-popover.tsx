import { useRef, type ReactNode } from 'react';
import type { HeaderPanel } from '../lib/header-panel';
import { useDismiss } from '../lib/use-dismiss';
import { Icon } from './dialog';
import './header-popover.css';

type Props = HeaderPanel & { label: string; title: string; icon: string; children: ReactNode };

/** A header button and the list it opens under it; Escape or a press outside closes it. */
export function HeaderPopover({ label, title, icon, open, onOpenChange, trigger, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useDismiss(ref, open, () => onOpenChange(false));
  return (
    <div className="menu-anchor" ref={ref}>
      {trigger && (
        <button
          type="button"
          className="icon-button"
          aria-label={label}
          title={label}
          aria-expanded={open}
          onClick={() => onOpenChange(!open)}
        >
          <Icon name={icon} />
        </button>
      )}
      {open && (
        <section className="header-popover" aria-label={label}>
          <h2>{title}</h2>
          {children}
        </section>
      )}
    </div>
  );
}
