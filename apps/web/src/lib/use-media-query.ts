import { useSyncExternalStore } from 'react';

/** Phone width: the sidebar becomes a drawer and the header tucks its rarer buttons into a menu. */
export const PHONE = '(max-width: 767px)';

/** Whether a CSS media query matches now, kept current. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
