// In Chromium against a production node: cold load to a usable channel, channel switch, scroll frames.
import path from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { withChromium } from './chromium';
import { bundle } from './page-server';
import { call, createChannel, inBatches, newClientId, register, runTag } from './parley-api';
import { startParley } from './proc';
import { round, summarize } from './stats';
import type * as ProbeModule from './web-probe';

const VIEWPORT = { width: 1280, height: 800 };
const SCROLL_PX_PER_FRAME = 120;
const LONG_FRAME_MS = 25;
const THREAD_REPLIES = 200;

const BODIES = [
  (i: number) => `Message ${i}: on it.`,
  (i: number) => `Message ${i}: **deploy** went out; the \`apps/server\` logs have the details.`,
  (i: number) => `Message ${i}: ${'a longer thought that wraps across lines in the list, '.repeat(5)}`,
  (i: number) => `Message ${i}:\n- first point\n- second point\n- third point`,
];

/** Sends `count` messages through the HTTP API, two authors taking turns in runs of three; the last seq. */
async function seed(url: string, channelId: string, authors: string[], count: number): Promise<number> {
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const body = BODIES[i % BODIES.length]!(i);
      const author = authors[Math.floor(i / 3) % authors.length]!;
      const sent = await call(url, author, 'POST', `/channels/${channelId}/messages`, {
        clientId: newClientId(),
        body,
      });
      if (sent.status !== 201) throw new Error(`seed: ${sent.status}`);
    },
  );
  const newest = await call(url, authors[0]!, 'GET', `/channels/${channelId}/messages?limit=1`);
  return newest.body.messages[0].seq as number;
}

const ms = (samples: number[]) => {
  const s = summarize(samples);
  return { p50: round(s.p50), p95: round(s.p95), p99: round(s.p99) };
};

type Setup = {
  url: string;
  cookie: string;
  probe: string;
  big: string;
  bigSeq: number;
  small: string;
  smallSeq: number;
  thread: Thread;
};
/** A channel whose newest message is the root of a long thread. */
type Thread = { channel: string; rootId: string; rootSeq: number; replies: number };
type Probe = { ParleyProbe: typeof ProbeModule };
type Ready = { channel: string; seq: number; live: boolean } | 'loaded';

async function openContext(browser: Browser, setup: Setup): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const [name, value] = setup.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: setup.url }]);
  await context.addInitScript({ content: setup.probe });
  return context;
}

/** Navigation start to the first frame where the page is ready, read in the page (a fresh context: cold cache). */
async function coldLoad(browser: Browser, setup: Setup, target: string, ready: Ready): Promise<number> {
  const context = await openContext(browser, setup);
  try {
    const page = await context.newPage();
    await page.goto(setup.url + target, { waitUntil: 'commit' });
    // Functions, not strings: Parley's CSP forbids eval, and page.evaluate of a function needs none.
    return await page.evaluate(
      (r) =>
        r === 'loaded'
          ? (window as unknown as Probe).ParleyProbe.whenLoaded()
          : (window as unknown as Probe).ParleyProbe.whenShown(r.channel, r.seq, r.live),
      ready,
    );
  } finally {
    await context.close();
  }
}

async function coldLoads(browser: Browser, setup: Setup, runs: number, quick: boolean) {
  const shown = { channel: setup.big, seq: setup.bigSeq, live: false };
  await coldLoad(browser, setup, `/c/${setup.big}`, shown); // warm-up: the server's JIT and caches
  const usable: number[] = [];
  const live: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < runs; i++) {
    usable.push(await coldLoad(browser, setup, `/c/${setup.big}`, shown));
    if (!quick) live.push(await coldLoad(browser, setup, `/c/${setup.big}`, { ...shown, live: true }));
    floor.push(await coldLoad(browser, setup, '/config.json', 'loaded'));
  }
  const usableMs = ms(usable);
  const floorMs = ms(floor);
  const liveMs = live.length ? ms(live) : undefined;
  return { runs, usableMs, liveMs, floorMs, usableToFloor: round(usableMs.p50 / floorMs.p50, 2) };
}

/** In one warm page: switches between the two channels, then scrolls up through the big one. */
async function inOnePage(browser: Browser, setup: Setup, quick: boolean) {
  const { big, bigSeq, small, smallSeq } = setup;
  const context = await openContext(browser, setup);
  try {
    const page = await context.newPage();
    await page.goto(`${setup.url}/c/${big}`);
    await page.evaluate(([c, s]) => (window as unknown as Probe).ParleyProbe.whenShown(c, s, true), [
      big,
      bigSeq,
    ] as const);
    const switchTo = (channel: string, seq: number) =>
      page.evaluate(([c, s]) => (window as unknown as Probe).ParleyProbe.switchTo(c, s), [
        channel,
        seq,
      ] as const);
    const firstVisit = await switchTo(small, smallSeq);
    const switches = [await switchTo(big, bigSeq)];
    for (let i = 0; i < (quick ? 3 : 15); i++) {
      switches.push(await switchTo(small, smallSeq), await switchTo(big, bigSeq));
    }
    const noOp: number[] = [];
    for (let i = 0; i < 20; i++)
      noOp.push(await page.evaluate(() => (window as unknown as Probe).ParleyProbe.noOpClick()));

    const idle = await page.evaluate(() => (window as unknown as Probe).ParleyProbe.idleFrames(120));
    const frames = quick ? 180 : 900;
    const scroll = await page.evaluate(
      ([f, px]) => (window as unknown as Probe).ParleyProbe.scrollUp(f, px),
      [frames, SCROLL_PX_PER_FRAME] as const,
    );
    const switchMs = ms(switches.map((s) => s.shown));
    const noOpMs = ms(noOp);
    const idleMs = ms(idle);
    const scrollMs = ms(scroll.times);
    return {
      channelSwitch: {
        firstVisitMs: round(firstVisit.shown),
        switches: switches.length,
        cachedMs: switchMs,
        listReadyMs: ms(switches.map((s) => s.ready)),
        noOpClickMs: noOpMs,
        switchToNoOp: round(switchMs.p50 / noOpMs.p50, 2),
      },
      scroll: {
        frames,
        pxPerFrame: SCROLL_PX_PER_FRAME,
        idleFrameMs: idleMs,
        scrollFrameMs: scrollMs,
        p95ToIdle: round(scrollMs.p95 / idleMs.p95, 2),
        longFrames: scroll.times.filter((t) => t > LONG_FRAME_MS).length,
        maxRowsMounted: scroll.maxRows,
        messagesScrolledPast: bigSeq - scroll.oldestSeq,
      },
    };
  } finally {
    await context.close();
  }
}

/** The reader has read it all: a channel with unread messages opens at the first unread, not the newest. */
async function markRead(url: string, cookie: string, channelId: string, seq: number): Promise<void> {
  const read = await call(url, cookie, 'POST', `/channels/${channelId}/read`, { seq });
  if (read.status !== 200) throw new Error(`mark read: ${read.status}`);
}

/** A channel of 20 messages, then a root with `replies` replies, the two authors taking turns. */
async function seedThread(url: string, channel: string, authors: string[], replies: number): Promise<Thread> {
  const id = await createChannel(url, authors[0]!, channel);
  await call(url, authors[1]!, 'POST', `/channels/${id}/join`);
  await seed(url, id, authors, 20);
  const root = await call(url, authors[0]!, 'POST', `/channels/${id}/messages`, {
    clientId: newClientId(),
    body: 'The root of a long thread: what should we ship first?',
  });
  const rootId = root.body.message.id as string;
  let lastSeq = 0;
  await inBatches(
    Array.from({ length: replies }, (_, i) => i),
    8,
    async (i) => {
      const sent = await call(url, authors[i % 2]!, 'POST', `/channels/${id}/messages`, {
        clientId: newClientId(),
        body: BODIES[i % BODIES.length]!(i),
        threadRootId: rootId,
      });
      if (sent.status !== 201) throw new Error(`thread reply: ${sent.status}`);
      lastSeq = Math.max(lastSeq, sent.body.message.seq as number);
    },
  );
  await markRead(url, authors[0]!, id, lastSeq);
  return { channel, rootId, rootSeq: root.body.message.seq as number, replies };
}

/**
 * Opening the thread: a click on its "N replies" to the first frame that shows a reply, on a freshly
 * loaded page each time (nothing of the thread cached), then again in the same page (cached); and a
 * cold navigation to the thread's address. Baselines: a no-op click, and a cold load of /config.json.
 */
async function threadOpens(browser: Browser, setup: Setup, quick: boolean) {
  const { channel, rootId, rootSeq, replies } = setup.thread;
  const context = await openContext(browser, setup);
  try {
    const page = await context.newPage();
    const load = async () => {
      await page.goto(`${setup.url}/c/${channel}`);
      await page.evaluate(([c, s]) => (window as unknown as Probe).ParleyProbe.whenShown(c, s, true), [
        channel,
        rootSeq,
      ] as const);
    };
    const open = () => page.evaluate((id) => (window as unknown as Probe).ParleyProbe.openThread(id), rootId);
    const settle = () => page.evaluate(() => (window as unknown as Probe).ParleyProbe.quiet());
    const first: number[] = [];
    const again: number[] = [];
    const atOnce: number[] = [];
    await load();
    await open(); // warm-up: the server's JIT and the browser's code caches
    // 30 opens in a full run, so p95 is not simply the slowest one.
    for (let i = 0; i < (quick ? 3 : 30); i++) {
      // A person clicks after seeing the channel, once its list has settled...
      await load();
      await settle();
      first.push(await open());
      again.push(await open());
      // ...and, the harder case, in the very frame the channel first shows, while the list still settles.
      await load();
      atOnce.push(await open());
    }
    const noOp: number[] = [];
    for (let i = 0; i < 20; i++)
      noOp.push(await page.evaluate(() => (window as unknown as Probe).ParleyProbe.noOpClick()));
    const cold: number[] = [];
    for (let i = 0; i < (quick ? 1 : 5); i++) {
      const fresh = await openContext(browser, setup);
      try {
        const p = await fresh.newPage();
        await p.goto(`${setup.url}/c/${channel}/t/${rootId}`, { waitUntil: 'commit' });
        cold.push(
          await p.evaluate((id) => (window as unknown as Probe).ParleyProbe.whenThreadShown(id), rootId),
        );
      } finally {
        await fresh.close();
      }
    }
    const firstMs = ms(first);
    const noOpMs = ms(noOp);
    return {
      replies,
      firstOpenMs: firstMs,
      cachedOpenMs: ms(again),
      atOnceOpenMs: ms(atOnce),
      noOpClickMs: noOpMs,
      firstOpenToNoOp: round(firstMs.p50 / noOpMs.p50, 2),
      coldNavigationMs: ms(cold),
    };
  } finally {
    await context.close();
  }
}

/** Seeds a channel of 10,000 messages (quick: 2,000) and one of 50, then times the web app in Chromium. */
export async function measureWebTimings(quick: boolean) {
  const node = await startParley({ DATABASE_URL: 'memory://' });
  try {
    const run = runTag();
    const cookie = await register(node.url, `w${run}`);
    const other = await register(node.url, `x${run}`);
    const big = `history-${run}`;
    const small = `small-${run}`;
    const bigId = await createChannel(node.url, cookie, big);
    const smallId = await createChannel(node.url, cookie, small);
    for (const id of [bigId, smallId]) await call(node.url, other, 'POST', `/channels/${id}/join`);
    const count = quick ? 500 : 10_000;
    const seeding = performance.now();
    const bigSeq = await seed(node.url, bigId, [cookie, other], count);
    const smallSeq = await seed(node.url, smallId, [cookie, other], 50);
    await markRead(node.url, cookie, bigId, bigSeq);
    await markRead(node.url, cookie, smallId, smallSeq);
    console.log(`seeded ${count} messages in ${round((performance.now() - seeding) / 1000)} s`);
    const thread = await seedThread(node.url, `thread-${run}`, [cookie, other], THREAD_REPLIES);
    const probe = await bundle(path.join(import.meta.dirname, 'web-probe.ts'), 'ParleyProbe');
    const setup = { url: node.url, cookie, probe, big, bigSeq, small, smallSeq, thread };
    return await withChromium(async (browser) => {
      const coldLoad = await coldLoads(browser, setup, quick ? 2 : 10, quick);
      const onePage = await inOnePage(browser, setup, quick);
      const threadOpen = await threadOpens(browser, setup, quick);
      const toSwitch = round(threadOpen.firstOpenMs.p50 / onePage.channelSwitch.cachedMs.p50, 2);
      return {
        chromium: browser.version(),
        messages: count,
        coldLoad,
        ...onePage,
        // A channel switch is the nearest interaction to compare with: same run, same page size.
        threadOpen: { ...threadOpen, firstOpenToChannelSwitch: toSwitch },
      };
    });
  } finally {
    await node.stop();
  }
}
