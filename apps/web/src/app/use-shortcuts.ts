import { useEffect } from 'react';
import { createStore } from '../lib/store';

export type ShortcutDialog = 'switcher' | 'help' | undefined;

/** Which keyboard dialog is open: the quick switcher or the shortcut list. */
export const shortcutDialog = createStore<ShortcutDialog>(undefined);

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Ctrl/Cmd+K opens the quick switcher anywhere; "?" opens the shortcut list outside text fields. */
export function useShortcuts(): void {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        shortcutDialog.set((d) => (d === 'switcher' ? undefined : 'switcher'));
      } else if (e.key === '?' && !e.ctrlKey && !e.metaKey && !typing(e.target)) {
        e.preventDefault();
        shortcutDialog.set('help');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
