// In Chromium against a production node: a link to a message 5,000 rows up, to the frame that shows it highlighted.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { withChromium } from './chromium';
import type * as ProbeModule from './journey-probe';
import { bundle } from './page-server';
import { call, createChannel, register, runTag } from './parley-api';
import { writeResult } from './report';
import { seededParley, userId, webBuilt, webDist } from './seeded-parley';
import type { Sql } from './seed-backends';
import { round, summarize } from './stats';

const MESSAGES = 5_200;
const SMALL = 50;
/** The two linked messages: 5,000 and 5,100 rows above the newest, far enough apart that neither's page holds the other. */
const ROWS_UP = [5_000, 5_100];
const VIEWPORT = { width: 1280, height: 800 };

type Probe = { ParleyProbe: typeof ProbeModule };
type Setup = {
  url: string;
  cookie: string;
  owner: string;
  other: string;
  /** `newest`: the seq of the newest message, set while seeding. */
  log: { name: string; id: string; newest: number };
  small: { name: string; id: string; newest: number };
  /** Filled while seeding: the linked messages. */
  targets: { id: string; seq: number }[];
};

/** `count` messages of four shapes (one line, markdown, a wrapping paragraph, a list), two authors taking turns in runs of three, 30 s apart. */
async function seedMessages(query: Sql, channelId: string, authors: string[], count: number) {
  // After what the channel holds already (the join lines).
  const { rows } = (await query('select last_seq from channels where id = $1', [channelId])) as {
    rows: { last_seq: number }[];
  };
  const base = rows[0]!.last_seq;
  await query(
    `insert into messages (id, channel_id, seq, author_id, client_id, body, created_at)
     select gen_random_uuid(), $1::uuid, $4::int + g, ($2::uuid[])[1 + (g / 3) % 2], 'seed-' || $1::uuid::text || '-' || g,
       case g % 4
         when 0 then 'Message ' || g || ': on it.'
         when 1 then 'Message ' || g || ': **deploy** went out; the \`apps/server\` logs have the details.'
         when 2 then 'Message ' || g || ': ' || repeat('a longer thought that wraps across lines in the list, ', 5)
         else 'Message ' || g || E':\\n- first point\\n- second point\\n- third point'
       end,
       now() - make_interval(secs => ($3::int - g) * 30)
     from generate_series(1, $3::int) g`,
    [channelId, authors, count, base],
  );
  // Read to the end, so the channel opens at its newest message.
  await query('update channels set last_seq = $2 where id = $1', [channelId, base + count]);
  await query('update memberships set last_read_seq = $2 where channel_id = $1', [channelId, base + count]);
  return base + count;
}

async function seed(query: Sql, setup: Setup): Promise<void> {
  const authors = [await userId(query, setup.owner), await userId(query, setup.other)];
  setup.log.newest = await seedMessages(query, setup.log.id, authors, MESSAGES);
  setup.small.newest = await seedMessages(query, setup.small.id, authors, SMALL);
  await query('analyze messages');
  for (const up of ROWS_UP) {
    const seq = setup.log.newest - up;
    const { rows } = (await query('select id from messages where channel_id = $1 and seq = $2', [
      setup.log.id,
      seq,
    ])) as { rows: { id: string }[] };
    setup.targets.push({ id: rows[0]!.id, seq });
  }
}

async function openContext(browser: Browser, setup: Setup, probe: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const [name, value] = setup.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: setup.url }]);
  await context.addInitScript({ content: probe });
  return context;
}

const ms = (samples: number[]) => {
  const s = summarize(samples);
  return { n: s.count, p50: round(s.p50), p95: round(s.p95) };
};

/**
 * In one loaded page: a link followed from another channel, then one followed inside the channel (from
 * the other linked message's page), then a sidebar click back to the small channel's newest (the baseline).
 */
async function inApp(browser: Browser, setup: Setup, probe: string, runs: number) {
  const context = await openContext(browser, setup, probe);
  try {
    const page = await context.newPage();
    await page.goto(`${setup.url}/c/${setup.small.name}`);
    await page.evaluate(() => (window as unknown as Probe).ParleyProbe.whenLive());
    const follow = (t: { id: string; seq: number }) =>
      page.evaluate(([href, seq]) => (window as unknown as Probe).ParleyProbe.followLink(href, seq), [
        `/c/${setup.log.name}/m/${t.id}`,
        t.seq,
      ] as const);
    const switchBack = () =>
      page.evaluate(([c, s]) => (window as unknown as Probe).ParleyProbe.switchTo(c, s), [
        setup.small.name,
        setup.small.newest,
      ] as const);
    const [a, b] = setup.targets as [Setup['targets'][0], Setup['targets'][0]];
    // Warm-up: the server's JIT, the browser's code caches.
    await follow(b);
    await follow(a);
    await switchBack();
    const fromOther: number[] = [];
    const within: number[] = [];
    const switches: number[] = [];
    for (let i = 0; i < runs; i++) {
      fromOther.push(await follow(b));
      within.push(await follow(a));
      switches.push(await switchBack());
    }
    return { fromOtherChannelMs: ms(fromOther), withinChannelMs: ms(within), channelSwitchMs: ms(switches) };
  } finally {
    await context.close();
  }
}

/** A fresh context each time (cold cache): navigation start to the linked message highlighted, and to the newest of the channel. */
async function cold(browser: Browser, setup: Setup, probe: string, runs: number) {
  const once = async (target: string, measure: (page: Page) => Promise<number>) => {
    const context = await openContext(browser, setup, probe);
    try {
      const page = await context.newPage();
      await page.goto(setup.url + target, { waitUntil: 'commit' });
      return await measure(page);
    } finally {
      await context.close();
    }
  };
  const [a] = setup.targets;
  const link = () =>
    once(`/c/${setup.log.name}/m/${a!.id}`, (p) =>
      p.evaluate((s) => (window as unknown as Probe).ParleyProbe.whenHighlighted(s), a!.seq),
    );
  const newest = () =>
    once(`/c/${setup.log.name}`, (p) =>
      p.evaluate(([c, s]) => (window as unknown as Probe).ParleyProbe.whenShown(c, s), [
        setup.log.name,
        setup.log.newest,
      ] as const),
    );
  await link(); // warm-up
  const links: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < runs; i++) {
    links.push(await link());
    loads.push(await newest());
  }
  return { coldLinkMs: ms(links), coldNewestMs: ms(loads) };
}

export async function measurePermalink(quick: boolean) {
  if (!webBuilt()) return { skipped: `${webDist()} is not built (npm run build)` };
  const run = runTag();
  const seeded = await seededParley(async (url): Promise<Setup> => {
    const owner = `p${run}`;
    const other = `q${run}`;
    const cookie = await register(url, owner);
    const otherCookie = await register(url, other);
    const channels = { log: `log-${run}`, small: `small-${run}` };
    const ids = {
      log: await createChannel(url, cookie, channels.log),
      small: await createChannel(url, cookie, channels.small),
    };
    for (const id of Object.values(ids)) await call(url, otherCookie, 'POST', `/channels/${id}/join`);
    return {
      url,
      cookie,
      owner,
      other,
      log: { name: channels.log, id: ids.log, newest: 0 },
      small: { name: channels.small, id: ids.small, newest: 0 },
      targets: [],
    };
  }, seed);
  console.log(`seeded ${MESSAGES} messages in ${seeded.seedSeconds} s`);
  const setup = { ...seeded.prepared, url: seeded.node.url };
  try {
    const probe = await bundle(path.join(import.meta.dirname, 'journey-probe.ts'), 'ParleyProbe');
    return await withChromium(async (browser) => {
      const warm = await inApp(browser, setup, probe, quick ? 3 : 15);
      const coldRuns = await cold(browser, setup, probe, quick ? 2 : 6);
      return {
        chromium: browser.version(),
        messages: MESSAGES,
        rowsUp: ROWS_UP,
        ...warm,
        ...coldRuns,
        linkToSwitch: round(warm.fromOtherChannelMs.p50 / warm.channelSwitchMs.p50, 2),
        coldLinkToColdNewest: round(coldRuns.coldLinkMs.p50 / coldRuns.coldNewestMs.p50, 2),
        targetMs: 300,
        withinTarget: Math.max(warm.fromOtherChannelMs.p95, warm.withinChannelMs.p95) < 300,
      };
    });
  } finally {
    await seeded.stop();
  }
}

export async function permalinkSuite(quick: boolean): Promise<void> {
  const r = await measurePermalink(quick);
  if ('skipped' in r) return console.warn(`permalink skipped: ${r.skipped}`);
  const row = (m: { n: number; p50: number; p95: number }) => ({ n: m.n, 'p50 ms': m.p50, 'p95 ms': m.p95 });
  console.table({
    'link from another channel': { ...row(r.fromOtherChannelMs), ratio: r.linkToSwitch },
    'link within the channel': row(r.withinChannelMs),
    'baseline: channel switch to newest': row(r.channelSwitchMs),
    'link, cold from the address': { ...row(r.coldLinkMs), ratio: r.coldLinkToColdNewest },
    'baseline: cold load to newest': row(r.coldNewestMs),
  });
  console.log(`target p95 < ${r.targetMs} ms in a loaded chat: ${r.withinTarget ? 'met' : 'MISSED'}`);
  writeResult('permalink', quick, r);
}
