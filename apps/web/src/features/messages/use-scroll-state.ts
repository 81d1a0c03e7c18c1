import { useEffect, useState } from 'react';
import { itemListOf } from './item-list';

/** Closer than this to the end counts as at the end. */
export const AT_BOTTOM_PX = 40;

export type ScrollState = {
  atBottom: boolean;
  firstVisibleSeq: number | undefined;
  lastVisibleSeq: number | undefined;
};

/** Whether the list is at its end and which rows are in view, read from the scroller on each scroll frame. */
export function useScrollState(scroller: HTMLElement | null, initial: boolean): ScrollState {
  const [state, setState] = useState<ScrollState>({
    atBottom: initial,
    firstVisibleSeq: undefined,
    lastVisibleSeq: undefined,
  });
  useEffect(() => {
    if (!scroller) return;
    let id = 0;
    const measure = () => {
      id = 0;
      const box = scroller.getBoundingClientRect();
      const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < AT_BOTTOM_PX;
      let firstVisibleSeq: number | undefined;
      let lastVisibleSeq: number | undefined;
      for (const row of scroller.querySelectorAll<HTMLElement>('[data-testid="message"][data-seq]')) {
        const { top, bottom } = row.getBoundingClientRect();
        if (bottom > box.top && firstVisibleSeq === undefined) firstVisibleSeq = Number(row.dataset.seq);
        if (top < box.bottom) lastVisibleSeq = Number(row.dataset.seq);
      }
      const next = { atBottom, firstVisibleSeq, lastVisibleSeq };
      setState((s) =>
        s.atBottom === atBottom &&
        s.firstVisibleSeq === firstVisibleSeq &&
        s.lastVisibleSeq === lastVisibleSeq
          ? s
          : next,
      );
    };
    const schedule = () => {
      if (!id) id = requestAnimationFrame(measure);
    };
    schedule();
    scroller.addEventListener('scroll', schedule, { passive: true });
    const resize = new ResizeObserver(schedule);
    resize.observe(scroller);
    if (scroller.firstElementChild) resize.observe(scroller.firstElementChild);
    // Rows laid out after the first measure grow the item list, not the scroller: without this a
    // list that fits on screen keeps its first, empty measure and shows Jump to latest at the end.
    const items = itemListOf(scroller);
    if (items) resize.observe(items);
    return () => {
      cancelAnimationFrame(id);
      scroller.removeEventListener('scroll', schedule);
      resize.disconnect();
    };
  }, [scroller]);
  return state;
}
