// A hidden tab paints no frames: work waits at most this long there.
const HIDDEN_TAB_MS = 250;

/** Runs `work` once the next frame has been painted; the returned function cancels it. */
export function afterPaint(work: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  const frame = requestAnimationFrame(() => setTimeout(run, 0));
  const fallback = setTimeout(run, HIDDEN_TAB_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
  };
}
