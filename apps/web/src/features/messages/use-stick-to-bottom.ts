import { useEffect, useRef, type RefObject } from 'react';
import { itemListOf } from './item-list';
import { AT_BOTTOM_PX } from './use-scroll-state';

/** A scroll up this soon after the reader's input, or by more than a screen, is theirs; others are the list measuring. */
const INPUT_MS = 1_000;

/**
 * Keeps a list opened at its end at its end while rows grow after they were first measured (images,
 * code, fonts), until the reader scrolls up; reaching the end again sticks it once more. The returned
 * ref says whether new rows should follow.
 */
export function useStickToBottom(
  scroller: HTMLElement | null,
  initial: boolean,
  enabled: boolean,
): RefObject<boolean> {
  const stuck = useRef(initial);
  useEffect(() => {
    if (!scroller) return;
    let lastTop = scroller.scrollTop;
    let lastInput = 0;
    const input = () => (lastInput = performance.now());
    const onScroll = () => {
      const top = scroller.scrollTop;
      const gap = scroller.scrollHeight - top - scroller.clientHeight;
      if (gap < AT_BOTTOM_PX) stuck.current = true;
      else if (
        top < lastTop - 1 &&
        (performance.now() - lastInput < INPUT_MS || lastTop - top > scroller.clientHeight)
      )
        stuck.current = false;
      lastTop = top;
    };
    const follow = () => {
      if (!stuck.current || !enabled) return;
      const end = scroller.scrollHeight - scroller.clientHeight;
      if (end - scroller.scrollTop > 1) scroller.scrollTop = end;
      lastTop = scroller.scrollTop;
    };
    const events = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const e of events) scroller.addEventListener(e, input, { passive: true });
    scroller.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(follow);
    resize.observe(scroller);
    const list = itemListOf(scroller);
    if (list) resize.observe(list);
    return () => {
      for (const e of events) scroller.removeEventListener(e, input);
      scroller.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, [scroller, enabled]);
  return stuck;
}
