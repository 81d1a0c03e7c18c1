import { useEffect, useState } from 'react';
import { primeCursor } from './prime-cursor';
import { currentCursor } from './feed-cursor';

/** True once this tab holds a sync cursor; takes one when it does not. */
export function useCursorReady(): boolean {
  const [ready, setReady] = useState(() => !!currentCursor());
  useEffect(() => {
    if (ready) return;
    let live = true;
    // A failure leaves the cursor to the first connect, which loads everything again after taking one.
    void primeCursor()
      .catch(() => {})
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
