// In Chromium against a production node with 5,000 people: a keystroke after `@` to the list of matches shown.
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { UsersResponse } from '@parley/protocol';
import { withChromium } from './chromium';
import type * as ProbeModule from './journey-probe';
import { bundle } from './page-server';
import { call, createChannel, register, runTag } from './parley-api';
import { writeResult } from './report';
import { seededParley, webBuilt, webDist } from './seeded-parley';
import type { Sql } from './seed-backends';
import { round, summarize } from './stats';

const FIRST = (
  'Aaliyah Adrian Alejandro Amara Anders Beatriz Benedikt Bruno Camille Carlos Chiara Dmitri Elena ' +
  'Emeka Farah Fatima Gabriel Hana Hugo Ingrid Isaac Jamal Jasmine Jonas Kaito Kemal Lars Leila Lucia ' +
  'Mateo Maya Mei Nadia Nikolai Olga Omar Pablo Priya Quentin Rafael Rosa Sanjay Sofia Tariq Tomasz ' +
  'Ursula Valentina Wei Yusuf Zara'
).split(' ');
const LAST = (
  'Abbott Achebe Adeyemi Alvarez Andersson Baker Bauer Becker Bianchi Brandt Castro Chen Costa Dahl ' +
  'Dubois Eriksen Esposito Fischer Fontaine Garcia Gomez Greco Hansen Hartmann Ibrahim Ivanova Jansen ' +
  'Jensen Kaur Keller Kim Kowalski Kruger Larsen Lefebvre Lopez Mancini Martin Moreau Muller Nakamura ' +
  'Nguyen Novak Nowak Okafor Olsen Ortiz Park Patel Perez Petrov Quinn Ramos Reyes Ricci Romero Rossi ' +
  'Sato Schmidt Schneider Silva Singh Smith Sorensen Suzuki Tanaka Taylor Torres Tran Vargas Vogel ' +
  'Wagner Walker Weber Wong Yamamoto Young Zhang Ziegler Zimmermann Abe Barros Cruz Diaz Evans Fox ' +
  'Grant Hughes Ito Jones Khan Lewis Morris Nash Owens Price Reed Shaw Underwood Vance'
).split(' ');
const USERS = FIRST.length * LAST.length;
/** Every fifth person is not in the channel, so a search also reaches people outside it. */
const OUTSIDE_EVERY = 5;
const SHOWN = 8;
/** The beginnings of first and last names, taken in turn: what is typed after `@`, letter by letter. */
const CANDIDATES = [
  ...new Set(
    FIRST.flatMap((f, i) => [f, LAST[i * 2]!, LAST[i * 2 + 1]!]).map((w) => w.slice(0, 3).toLowerCase()),
  ),
];
const VIEWPORT = { width: 1280, height: 800 };

type Probe = { ParleyProbe: typeof ProbeModule };
type Setup = { url: string; cookie: string; owner: string; channel: string; channelId: string };

/** 5,000 people named from the lists above, four in five of them members of the channel. */
export async function seedPeople(query: Sql, setup: Setup): Promise<void> {
  const first = `array[${FIRST.map((w) => `'${w}'`).join(',')}]`;
  const last = `array[${LAST.map((w) => `'${w}'`).join(',')}]`;
  await query(
    `insert into users (id, username, display_name, password_hash, role)
     select gen_random_uuid(), lower(f || '.' || l), f || ' ' || l, 'seeded: cannot sign in', 'member'
     from generate_series(0, ${USERS - 1}) g,
       lateral (select (${first})[1 + g % ${FIRST.length}] f, (${last})[1 + g / ${FIRST.length}] l) n`,
  );
  await query(
    `insert into memberships (channel_id, user_id, last_read_seq)
     select $1, id, 0 from (select id, row_number() over (order by username) n from users
       where username <> $2) u where n % ${OUTSIDE_EVERY} <> 0`,
    [setup.channelId, setup.owner],
  );
  await query('analyze users');
  await query('analyze memberships');
}

/** The people the composer should offer for `q`, asked of the API beforehand: the channel's members first, then anyone. */
async function expected(setup: Setup, q: string): Promise<string[]> {
  const suffix = q ? `&q=${encodeURIComponent(q)}` : '';
  const r = await call(
    setup.url,
    setup.cookie,
    'GET',
    `/channels/${setup.channelId}/mentionable?limit=${SHOWN}${suffix}`,
  );
  return (r.body as UsersResponse).users.map((u) => u.username);
}

/**
 * Words whose every letter changes the list (a letter that leaves the same people on it would be timed
 * against a list already shown), starting with different letters where possible; `lists` gets their lists.
 */
async function pickWords(setup: Setup, count: number, lists: Map<string, string[]>): Promise<string[]> {
  const listOf = async (q: string) => {
    if (!lists.has(q)) lists.set(q, await expected(setup, q));
    return lists.get(q)!;
  };
  const picked: string[] = [];
  for (const distinctStart of [true, false]) {
    for (const w of CANDIDATES) {
      if (picked.length === count) return picked;
      if (picked.includes(w) || (distinctStart && picked.some((p) => p[0] === w[0]))) continue;
      const steps = await Promise.all(['', w[0]!, w.slice(0, 2), w].map(listOf));
      const changes = steps.every((l, i) => l.length > 0 && (i === 0 || l.join() !== steps[i - 1]!.join()));
      if (changes) picked.push(w);
    }
  }
  return picked;
}

async function clear(page: Page) {
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');
  // Let the draft save and the typing notice of the last try go by, untimed.
  await page.waitForTimeout(150);
}

/** Arms the page's wait before the key goes, then reads it: the page times the key and the frame itself. */
async function keyToFrame(
  page: Page,
  key: string,
  arm: () => Promise<void>,
  describe: () => Promise<string>,
) {
  await arm();
  await page.keyboard.type(key);
  return page
    .evaluate(() => (window as unknown as Probe).ParleyProbe.keyToFrame())
    .catch(async (e: unknown) => {
      throw new Error(await describe(), { cause: e });
    });
}

/** Types `@` and then a word letter by letter, timing each key to the list of its matches. */
async function typeMention(page: Page, word: string, lists: Map<string, string[]>) {
  const times: number[] = [];
  const keys = ['@', ...word];
  for (let i = 0; i < keys.length; i++) {
    const want = lists.get(word.slice(0, i))!;
    times.push(
      await keyToFrame(
        page,
        keys[i]!,
        () => page.evaluate((u) => (window as unknown as Probe).ParleyProbe.expectMentionList(u), want),
        async () => {
          const list = await page.locator('[role="listbox"]').allTextContents();
          return `@${word.slice(0, i)}: wanted ${want.join(' ')}, the page shows ${list.join(' | ')}`;
        },
      ),
    );
  }
  return times;
}

/** The floor: a plain letter, key to the frame that shows it in the composer. */
async function typePlain(page: Page, channel: string, word: string) {
  const times: number[] = [];
  for (let i = 0; i < word.length; i++) {
    const arm = () =>
      page.evaluate(([c, n]) => (window as unknown as Probe).ParleyProbe.expectTyped(c, n), [
        channel,
        i + 1,
      ] as const);
    times.push(await keyToFrame(page, word[i]!, arm, async () => `typing ${word}: no frame with it`));
  }
  return times;
}

const ms = (samples: number[]) => {
  const s = summarize(samples);
  return { n: s.count, p50: round(s.p50), p95: round(s.p95) };
};

export async function measureMentions(quick: boolean) {
  if (!webBuilt()) return { skipped: `${webDist()} is not built (npm run build)` };
  const run = runTag();
  const seeded = await seededParley(async (url): Promise<Setup> => {
    const owner = `m${run}`;
    const cookie = await register(url, owner);
    const channel = `team-${run}`;
    return { url, cookie, owner, channel, channelId: await createChannel(url, cookie, channel) };
  }, seedPeople);
  console.log(`seeded ${USERS} people in ${seeded.seedSeconds} s`);
  const setup = { ...seeded.prepared, url: seeded.node.url };
  try {
    const lists = new Map<string, string[]>();
    // One more word than measured, for the warm-up: the composer keeps answers for 30 s, so no timed word was asked before.
    const [warmUp, ...words] = await pickWords(setup, (quick ? 4 : 10) + 1, lists);
    const probe = await bundle(path.join(import.meta.dirname, 'journey-probe.ts'), 'ParleyProbe');
    return await withChromium(async (browser) => {
      const context = await browser.newContext({ viewport: VIEWPORT });
      const [name, value] = setup.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: setup.url }]);
      await context.addInitScript({ content: probe });
      const page = await context.newPage();
      await page.goto(`${setup.url}/c/${setup.channel}`);
      await page.evaluate(() => (window as unknown as Probe).ParleyProbe.whenLive());
      await page.getByRole('textbox', { name: `Message #${setup.channel}` }).focus();
      // Warm-up: the server's JIT and prepared statements, the list's code.
      await typeMention(page, warmUp!, lists);
      await clear(page);
      const byLength: number[][] = [[], [], [], []];
      const plain: number[] = [];
      for (const w of words) {
        (await typeMention(page, w, lists)).forEach((t, i) => byLength[i]!.push(t));
        await clear(page);
        plain.push(...(await typePlain(page, setup.channel, w)));
        await clear(page);
      }
      await context.close();
      const typed = ms(byLength.slice(1).flat());
      const floor = ms(plain);
      return {
        chromium: browser.version(),
        users: USERS,
        channelMembers: USERS - USERS / OUTSIDE_EVERY + 1,
        words,
        atAloneMs: ms(byLength[0]!),
        oneLetterMs: ms(byLength[1]!),
        twoLettersMs: ms(byLength[2]!),
        threeLettersMs: ms(byLength[3]!),
        listShownMs: typed,
        plainKeyMs: floor,
        listToPlainKey: round(typed.p50 / floor.p50, 2),
        targetMs: 50,
        withinTarget: typed.p95 < 50,
      };
    });
  } finally {
    await seeded.stop();
  }
}

export async function mentionsSuite(quick: boolean): Promise<void> {
  const r = await measureMentions(quick);
  if ('skipped' in r) return console.warn(`mentions skipped: ${r.skipped}`);
  const row = (m: { n: number; p50: number; p95: number }) => ({ n: m.n, 'p50 ms': m.p50, 'p95 ms': m.p95 });
  console.table({
    '@ alone (members; kept after the first)': row(r.atAloneMs),
    '@ + 1 letter': row(r.oneLetterMs),
    '@ + 2 letters': row(r.twoLettersMs),
    '@ + 3 letters': row(r.threeLettersMs),
    '@ + 1-3 letters': { ...row(r.listShownMs), ratio: r.listToPlainKey },
    'baseline: plain letter painted': row(r.plainKeyMs),
  });
  console.log(`target p95 < ${r.targetMs} ms: ${r.withinTarget ? 'met' : 'MISSED'}`);
  writeResult('mentions', quick, r);
}
