import type { CSSProperties } from 'react';

const GAP = 6;

/** A fixed popover below its trigger, right edges aligned; above it when there is no room below; always on screen. */
export function besideAnchor(anchor: HTMLElement, popover: HTMLElement): CSSProperties {
  const a = anchor.getBoundingClientRect();
  const { width, height } = popover.getBoundingClientRect();
  const below = a.bottom + GAP + height <= window.innerHeight;
  const top = below ? a.bottom + GAP : Math.max(GAP, a.top - GAP - height);
  const left = Math.min(Math.max(GAP, a.right - width), window.innerWidth - width - GAP);
  return { top, left };
}
