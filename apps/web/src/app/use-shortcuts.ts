import { useEffect } from 'react';
import { createStore } from '../lib/store';
import { markAllReadAsked } from './mark-all-read';

export type ShortcutDialog = 'switcher' | 'help' | undefined;

/** Which keyboard dialog is open: the quick switcher or the shortcut list. */
export const shortcutDialog = createStore<ShortcutDialog>(undefined);

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Ctrl/Cmd+K opens the quick switcher anywhere; "?" the shortcut list outside text fields; Shift+Esc asks to mark all read. */
export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        shortcutDialog.set((d) => (d === 'switcher' ? undefined : 'switcher'));
      } else if (
        e.key === 'Escape' &&
        e.shiftKey &&
        !e.defaultPrevented &&
        !document.querySelector('dialog[open]')
      ) {
        e.preventDefault();
        markAllReadAsked.set(true);
      } else if (e.key === '?' && !e.ctrlKey && !e.metaKey && !typing(e.target)) {
        e.preventDefault();
        shortcutDialog.set('help');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
