import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { closeSidebar } from '../lib/sidebar-state';

/** The phone drawer as a dialog: focus moves in as it opens, Escape closes it, focus returns to its opener. */
export function useDrawer(nav: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement;
    const inside = nav.current;
    (inside?.querySelector<HTMLElement>('[aria-current="page"]') ?? inside?.querySelector('button'))?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('dialog[open],[role=menu]'))
        closeSidebar();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // Unless the close moved focus on (a dialog, a new screen's field), back to the button that opened it.
      const at = document.activeElement;
      if (opener instanceof HTMLElement && (at === document.body || inside?.contains(at))) opener.focus();
    };
  }, [nav, open]);
}

const SLIDE_MS = 250;

/**
 * Marks the shell while the drawer opens or closes, so only that slides: a window turning phone-width
 * shows the closed drawer at once instead of sliding it away. Written on the element, without a render.
 */
export function useDrawerSliding(shell: RefObject<HTMLElement | null>, open: boolean): void {
  const first = useRef(true);
  // Before the browser styles the new class list, so the slide starts with it.
  useLayoutEffect(() => {
    if (first.current) return void (first.current = false);
    const element = shell.current;
    element?.classList.add('drawer-sliding');
    const timer = setTimeout(() => element?.classList.remove('drawer-sliding'), SLIDE_MS);
    return () => clearTimeout(timer);
  }, [shell, open]);
}
