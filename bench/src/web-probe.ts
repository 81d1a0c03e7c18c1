// Runs inside the Parley page (bundled, injected as an init script): timings read where the frames happen.

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

const composerOf = (channel: string) => document.querySelector(`[aria-label="Message #${channel}"]`);
// Any row with that seq: the list's own, or the first-frame preview drawn while the list positions itself.
const rowOf = (seq: number) => document.querySelector(`article[data-seq="${seq}"]`);
const mountedRows = () => document.querySelectorAll('[data-testid="message"]').length;

/** The newest message is on screen and the composer is there: someone can read and type. */
export function shows(channel: string, lastSeq: number): boolean {
  return Boolean(composerOf(channel) && rowOf(lastSeq));
}

/** The virtual list itself shows the row, and the preview is gone. */
export function listReady(channel: string, lastSeq: number): boolean {
  return Boolean(
    composerOf(channel) &&
    document.querySelector(`.message-list [data-seq="${lastSeq}"]`) &&
    !document.querySelector('.message-tail'),
  );
}

export const isLive = () => document.querySelector('[data-connection-state="live"]') !== null;

/** Resolves at the first frame where `ready()` holds (this one included), with the time since `start`. */
async function frameWhen(start: number, ready: () => boolean, timeoutMs = 10_000): Promise<number> {
  for (;;) {
    const at = await nextFrame();
    if (ready()) return at - start;
    if (at - start > timeoutMs) throw new Error('timed out waiting for the frame');
  }
}

/** The time since navigation start of the first frame where the channel shows (and, if asked, the socket is live). */
export function whenShown(channel: string, lastSeq: number, live: boolean): Promise<number> {
  return frameWhen(0, () => shows(channel, lastSeq) && (!live || isLive()), 30_000);
}

/** The same for a page that merely finished loading: the floor of a navigation. */
export function whenLoaded(): Promise<number> {
  return frameWhen(0, () => document.readyState === 'complete', 30_000);
}

/** Clicks the sidebar link of `channel`; the time to the frame that shows its newest message, and to the list's own. */
export async function switchTo(channel: string, lastSeq: number) {
  const linkOf = () => document.querySelector<HTMLElement>(`a[href="/c/${channel}"]`);
  // The sidebar's list can arrive after the channel itself on a loaded machine: wait for it, untimed.
  await frameWhen(performance.now(), () => linkOf() !== null).catch(() => {
    throw new Error(`no sidebar link to #${channel}`);
  });
  const link = linkOf()!;
  const start = performance.now();
  link.click();
  const shown = await frameWhen(start, () => shows(channel, lastSeq));
  const ready = listReady(channel, lastSeq)
    ? shown
    : await frameWhen(start, () => listReady(channel, lastSeq));
  return { shown, ready };
}

/** The baseline of an interaction: a click that changes nothing, until the next frame. */
export async function noOpClick(): Promise<number> {
  const start = performance.now();
  document.body.click();
  return frameWhen(start, () => true);
}

/** Resolves once ten frames in a row came without a long task: the page has settled after a load. */
export async function quiet(): Promise<void> {
  const until = performance.now() + 5_000;
  let last = await nextFrame();
  for (let calm = 0; calm < 10 && last < until;) {
    const at = await nextFrame();
    calm = at - last <= 20 ? calm + 1 : 0;
    last = at;
  }
}

/** Frame-to-frame times while nothing happens: the display's own cadence. */
export async function idleFrames(count: number): Promise<number[]> {
  const times: number[] = [];
  let last = await nextFrame();
  for (let i = 0; i < count; i++) {
    const at = await nextFrame();
    times.push(at - last);
    last = at;
  }
  return times;
}

/** Scrolls the message list up by `px` each frame; frame times, the most rows mounted, the oldest seq seen. */
export async function scrollUp(frames: number, px: number) {
  const scroller = document.querySelector<HTMLElement>('.message-list');
  if (!scroller) throw new Error('no message list');
  const times: number[] = [];
  let maxRows = 0;
  let oldestSeq = Infinity;
  let last = await nextFrame();
  for (let i = 0; i < frames; i++) {
    // As a wheel would: the list tells a reader's scroll from its own by the input before it.
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -px }));
    scroller.scrollTop -= px;
    const at = await nextFrame();
    times.push(at - last);
    last = at;
    maxRows = Math.max(maxRows, mountedRows());
    const first = document.querySelector('[data-testid="message"]')?.getAttribute('data-seq');
    if (first) oldestSeq = Math.min(oldestSeq, Number(first));
  }
  return { times, maxRows, oldestSeq };
}

const threadPanel = () => document.querySelector('aside[aria-label="Thread"]');

/** A reply of the open thread (any row but its root) inside the panel's visible area. */
export function replyShown(rootId: string): boolean {
  const scroller = threadPanel()?.querySelector('[aria-label="Thread messages"]');
  if (!scroller) return false;
  const view = scroller.getBoundingClientRect();
  return Array.from(scroller.querySelectorAll<HTMLElement>('[data-thread-id]')).some((row) => {
    if (row.dataset.threadId === rootId || !row.querySelector('[data-testid="message"]')) return false;
    const r = row.getBoundingClientRect();
    return r.height > 0 && r.bottom > view.top && r.top < view.bottom;
  });
}

/** Since navigation start, the first frame that shows a reply of the thread (a cold load of its address). */
export function whenThreadShown(rootId: string): Promise<number> {
  return frameWhen(0, () => replyShown(rootId), 30_000);
}

/** Clicks the root's "N replies"; the time to the first frame that shows a reply, then closes the panel. */
export async function openThread(rootId: string): Promise<number> {
  const link = document.querySelector<HTMLElement>(`a[data-testid="thread-summary"][href$="/t/${rootId}"]`);
  if (!link) throw new Error('no thread summary to click');
  const start = performance.now();
  link.click();
  const shown = await frameWhen(start, () => replyShown(rootId));
  document
    .querySelector<HTMLElement>('aside[aria-label="Thread"] button[aria-label="Close thread"]')
    ?.click();
  await frameWhen(performance.now(), () => !threadPanel());
  return shown;
}
