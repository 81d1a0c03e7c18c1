import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import './message-list.css';
import { itemListOf } from './item-list';

const MAX_WAIT_FRAMES = 60;

/**
 * react-virtuoso hides a new list until it has scrolled to its first item (four frames, and up to
 * 150 ms more when nothing needs to scroll); this draws the rows it will open on plainly over it,
 * bottom-aligned, until the list has caught up. From the first unread, the "New messages" line sits
 * `topPx` below the top when the rows overflow, where the list will put it.
 */
export function TailPreview({ children, topPx }: { children: ReactNode; topPx?: number }) {
  const style: CSSProperties | undefined =
    topPx === undefined ? undefined : { paddingTop: topPx, justifyContent: 'safe flex-end' };
  return (
    <div className="message-tail" style={style} aria-hidden="true" inert>
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

/** Whether the row `selector` names ends at the scroller's bottom edge. */
export function endsAtBottom(scroller: HTMLElement, selector: string): boolean {
  const row = scroller.querySelector(selector)?.getBoundingClientRect();
  const bottom = scroller.getBoundingClientRect().bottom;
  return !!row && row.bottom <= bottom + 1 && row.bottom > bottom - row.height - 8;
}

/** Whether the element `selector` names starts `px` below the scroller's top edge. */
export function startsAt(scroller: HTMLElement, selector: string, px: number): boolean {
  const el = scroller.querySelector(selector)?.getBoundingClientRect();
  return !!el && Math.abs(el.top - scroller.getBoundingClientRect().top - px) <= 2;
}

// The list's rows stay hidden (an inline style) until it has reached its first item.
const listShown = (scroller: HTMLElement) => itemListOf(scroller)?.style.visibility !== 'hidden';

/** True once the list is shown and `inPlace` has held for two frames in a row (or after a second). */
export function useListSettled(
  scroller: HTMLElement | null,
  inPlace: (scroller: HTMLElement) => boolean,
): boolean {
  const [settled, setSettled] = useState(false);
  // The first placement only: rows arriving later must not restart the wait.
  const [check] = useState(() => inPlace);
  useEffect(() => {
    if (!scroller || settled) return;
    let frames = 0;
    let still = 0;
    let id = 0;
    const tick = () => {
      still = listShown(scroller) && check(scroller) ? still + 1 : 0;
      if (still >= 2 || ++frames > MAX_WAIT_FRAMES) setSettled(true);
      else id = requestAnimationFrame(tick);
    };
    id = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(id);
  }, [scroller, check, settled]);
  return settled;
}
