import { useEffect, useState, type ReactNode } from 'react';
import './message-list.css';

const MAX_WAIT_FRAMES = 60;

/**
 * react-virtuoso waits four frames before it scrolls a new list to its last item and shows no rows
 * meanwhile; this draws the newest rows plainly over it, bottom-aligned, until the list has caught up.
 */
export function TailPreview({ children }: { children: ReactNode }) {
  return (
    <div className="message-tail" aria-hidden="true" inert>
      {children}
    </div>
  );
}

/**
 * The last `count` items while the list still ends where it did when first drawn; nothing once a row
 * has arrived after that, which the list itself follows, so no row ever shows twice.
 */
export function usePreviewRows<T>(items: T[], keyOf: (item: T) => string, count: number): T[] {
  const last = items.at(-1);
  const [firstTail] = useState(() => (last === undefined ? undefined : keyOf(last)));
  return last !== undefined && keyOf(last) === firstTail ? items.slice(-count) : [];
}

/** True once `lastSelector`'s row has sat at the scroller's bottom for two frames (or after a second). */
export function useListSettled(scroller: HTMLElement | null, lastSelector: string): boolean {
  const [settled, setSettled] = useState(false);
  // The first tail only: rows arriving later must not restart the wait.
  const [selector] = useState(lastSelector);
  useEffect(() => {
    if (!scroller || settled) return;
    let frames = 0;
    let still = 0;
    let id = 0;
    const tick = () => {
      const row = scroller.querySelector(selector)?.getBoundingClientRect();
      const bottom = scroller.getBoundingClientRect().bottom;
      still = row && row.bottom <= bottom + 1 && row.bottom > bottom - row.height - 8 ? still + 1 : 0;
      if (still >= 2 || ++frames > MAX_WAIT_FRAMES) setSettled(true);
      else id = requestAnimationFrame(tick);
    };
    id = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(id);
  }, [scroller, selector, settled]);
  return settled;
}
