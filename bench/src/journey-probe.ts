// Runs inside the Parley page (bundled, injected as an init script): keystroke and navigation timings
// read where the frames happen, for the mention and permalink benches.

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

/** The browser's time of the last key pressed (the event's own timestamp: when the browser took it in). */
let lastKeyAt: number | undefined;
addEventListener('keydown', (e) => (lastKeyAt = e.timeStamp), { capture: true });

/** Resolves at the first frame where `ready()` holds, with that frame's time. */
async function frameWhen(ready: () => boolean, timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const at = await nextFrame();
    if (ready()) return at;
    if (at - started > timeoutMs) throw new Error('timed out waiting for the frame');
  }
}

let pending: Promise<number> | undefined;

/** Starts waiting, before the key is sent, for the first frame after it where `ready()` holds. */
function afterKey(ready: () => boolean): void {
  lastKeyAt = undefined;
  pending = frameWhen(() => lastKeyAt !== undefined && ready()).then((at) => at - lastKeyAt!);
  // Read by `keyToFrame`; a failure is reported there.
  pending.catch(() => {});
}

/** The time from the key to the frame awaited by the last `expect…` call. */
export function keyToFrame(): Promise<number> {
  if (!pending) throw new Error('nothing awaited');
  return pending;
}

const composer = (channel: string) =>
  document.querySelector<HTMLTextAreaElement>(`textarea[aria-label="Message #${channel}"]`);

/** Awaits the frame that shows the composer holding `length` characters: the floor of any keystroke. */
export function expectTyped(channel: string, length: number): void {
  afterKey(() => composer(channel)?.value.length === length);
}

/** Awaits the frame where the mention list shows every one of `usernames` (the people that match). */
export function expectMentionList(usernames: string[]): void {
  afterKey(() => {
    const list = document.querySelector('[role="listbox"][aria-label="People to mention"]');
    if (!list) return false;
    const shown = Array.from(list.querySelectorAll('[role="option"]'), (o) => o.textContent ?? '');
    return usernames.every((u) => shown.some((text) => text.includes(`@${u}`)));
  });
}

/** The row of that message is inside the list's visible area and marked as the linked one. */
export function highlighted(seq: number): boolean {
  const scroller = document.querySelector('.channel-main .message-list');
  const row = document.querySelector(`.message-highlight > [data-testid="message"][data-seq="${seq}"]`);
  if (!scroller || !row) return false;
  const view = scroller.getBoundingClientRect();
  const r = row.getBoundingClientRect();
  return r.height > 0 && r.top >= view.top - 1 && r.bottom <= view.bottom + 1;
}

/** Since navigation start, the first frame that shows the linked message highlighted (a cold load of its address). */
export async function whenHighlighted(seq: number): Promise<number> {
  return frameWhen(() => highlighted(seq), 30_000);
}

/** Follows a link inside the app, as the router does on a click; the time to the frame that shows it highlighted. */
export async function followLink(href: string, seq: number): Promise<number> {
  const start = performance.now();
  history.pushState(null, '', href);
  dispatchEvent(new PopStateEvent('popstate'));
  return (await frameWhen(() => highlighted(seq))) - start;
}

/** Clicks the sidebar link of `channel`; the time to the frame that shows its newest message. */
export async function switchTo(channel: string, lastSeq: number): Promise<number> {
  const link = document.querySelector<HTMLElement>(`a[href="/c/${channel}"]`);
  if (!link) throw new Error(`no sidebar link to #${channel}`);
  const start = performance.now();
  link.click();
  return (await frameWhen(() => shows(channel, lastSeq))) - start;
}

/** The newest message is on screen and the composer is there. */
export function shows(channel: string, lastSeq: number): boolean {
  return Boolean(composer(channel) && document.querySelector(`article[data-seq="${lastSeq}"]`));
}

/** Since navigation start, the first frame that shows the channel's newest message. */
export function whenShown(channel: string, lastSeq: number): Promise<number> {
  return frameWhen(() => shows(channel, lastSeq), 30_000);
}

export const isLive = () => document.querySelector('[data-connection-state="live"]') !== null;

/** Waits, untimed, until the socket is live (so catch-up traffic is over before anything is timed). */
export async function whenLive(): Promise<void> {
  await frameWhen(isLive, 30_000);
}
