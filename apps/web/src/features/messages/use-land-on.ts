import { useEffect } from 'react';

const MAX_FRAMES = 90;
const STILL_FRAMES = 4;

/**
 * Holds a row in place while the virtual list measures the rows around it: Virtuoso opens at an index
 * from estimated heights, and rows measured later (or an older page prepended) move it. Stops once the
 * row has sat still for a few frames, after a second and a half, or as soon as the reader scrolls.
 */
export function useLandOn(
  scroller: HTMLElement | null,
  target: { selector: string; align: 'start' | 'center'; offset: number } | undefined,
): void {
  const selector = target?.selector;
  const align = target?.align;
  const offset = target?.offset ?? 0;
  useEffect(() => {
    if (!scroller || !selector) return;
    let frames = 0;
    let still = 0;
    let id = 0;
    const stop = () => cancelAnimationFrame(id);
    const tick = () => {
      const row = scroller.querySelector(selector)?.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      if (row) {
        const want = align === 'center' ? box.top + (box.height - row.height) / 2 : box.top + offset;
        const delta = row.top - Math.max(box.top, want);
        const before = scroller.scrollTop;
        if (Math.abs(delta) > 2) scroller.scrollTop += delta;
        // Near the end of the list the row cannot go higher: where it stops is where it lands.
        still = scroller.scrollTop === before ? still + 1 : 0;
      }
      if (still < STILL_FRAMES && ++frames < MAX_FRAMES) id = requestAnimationFrame(tick);
    };
    id = requestAnimationFrame(tick);
    const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    for (const e of events) scroller.addEventListener(e, stop, { passive: true });
    return () => {
      stop();
      for (const e of events) scroller.removeEventListener(e, stop);
    };
  }, [scroller, selector, align, offset]);
}
