import type { KeyboardEvent } from 'react';

/** A menu's keys: arrows, Home and End move between its items; Escape (focus back) and Tab close it. */
export function handleMenuKeys(
  e: KeyboardEvent<HTMLElement>,
  menu: HTMLElement | null,
  onClose: (refocus: boolean) => void,
): void {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
  const at = items.indexOf(document.activeElement as HTMLElement);
  const move = { ArrowDown: 1, ArrowUp: -1 }[e.key];
  if (move) {
    e.preventDefault();
    items[(at + move + items.length) % items.length]?.focus();
  } else if (e.key === 'Home' || e.key === 'End') {
    e.preventDefault();
    items.at(e.key === 'Home' ? 0 : -1)?.focus();
  } else if (e.key === 'Escape' || e.key === 'Tab') {
    onClose(e.key === 'Escape');
  }
}
