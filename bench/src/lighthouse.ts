// Lighthouse (mobile preset, its default) on the sign-in page and the chat screen of a production node,
// beside a minimal static page scored the same way to show what the machine allows.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { call, newClientId, register, runTag } from './parley-api';
import { freePort, startParley } from './proc';
import { writeResult } from './report';
import { round } from './stats';

const EXECUTABLE = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;

const SEED = [
  'Morning! The **deploy** went out; the `apps/server` logs have the details.',
  'Checklist for today:\n- review the search PR\n- rotate the staging key\n- [x] update the runbook',
  'The retry helper we talked about:\n```ts\nexport async function retry<T>(work: () => Promise<T>, tries = 3): Promise<T> {\n  for (let i = 1; ; i++) {\n    try {\n      return await work();\n    } catch (error) {\n      if (i >= tries) throw error;\n    }\n  }\n}\n```',
  '> Ship small, ship often.\n\nAgreed, see https://example.com/notes for the write-up.',
  'Lunch at noon?',
];

/** A page as small as a page can be, with what every category asks for. */
const BASELINE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><meta name="description" content="A minimal page for comparison.">
<title>Baseline</title></head><body><h1>Baseline</h1><p>A minimal static page.</p></body></html>`;

type Score = Record<(typeof CATEGORIES)[number], number> & Record<keyof typeof METRICS, number>;

async function launchChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-lh-chromium-'));
  const proc: ChildProcess = spawn(
    EXECUTABLE,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error('Chromium did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      proc.once('exit', () => {
        // Chromium's helper processes may still be writing to the profile for a moment after it exits.
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
        resolve();
      });
      proc.kill('SIGTERM');
    });
  return { port, stop };
}

async function serveBaseline() {
  const server = http.createServer((req, res) => {
    // Like Parley, no robots.txt: a 404 tells crawlers everything may be indexed.
    if (req.url !== '/') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(BASELINE_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

async function audit(url: string, port: number, cookie?: string): Promise<Score & { failing: string[] }> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // LH_DUMP=<dir> keeps each report and its trace (chrome://tracing, DevTools) for finding what is slow.
  if (process.env.LH_DUMP) {
    const name = path.join(process.env.LH_DUMP, new URL(url).pathname.replace(/\W+/g, '_') || 'root');
    fs.writeFileSync(`${name}.report.json`, JSON.stringify(lhr));
    fs.writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
  }
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  const score = {} as Score;
  for (const c of CATEGORIES) score[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
  for (const [key, id] of Object.entries(METRICS))
    score[key as keyof typeof METRICS] = round(lhr.audits[id]?.numericValue ?? NaN, key === 'cls' ? 3 : 0);
  // What keeps a score down, so a run says what to fix.
  const failing = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]!))
    .filter((a) => a.score !== null && a.score < 0.9)
    .map((a) => `${a.id} (${Math.round((a.score ?? 0) * 100)})${where(a.details)}`);
  return { ...score, failing: [...new Set(failing)] };
}

/** The first elements an audit names, so a failing accessibility check says where. */
function where(details: unknown): string {
  const items = (details as { items?: { node?: { selector?: string } }[] } | undefined)?.items ?? [];
  const selectors = items.flatMap((item) => (item.node?.selector ? [item.node.selector] : [])).slice(0, 3);
  return selectors.length ? ` at ${selectors.join(', ')}` : '';
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each page `runs` times; the median of each category and metric. */
async function scorePage(url: string, port: number, runs: number, cookie?: string) {
  const samples: Awaited<ReturnType<typeof audit>>[] = [];
  for (let i = 0; i < runs; i++) samples.push(await audit(url, port, cookie));
  const score = {} as Score;
  for (const key of [...CATEGORIES, ...Object.keys(METRICS)] as (keyof Score)[])
    score[key] = median(samples.map((s) => s[key]));
  return { ...score, runs, failing: [...new Set(samples.flatMap((s) => s.failing))] };
}

/** `--only lighthouse:chat` scores the pages whose name starts with chat (baseline, sign-in, chat). */
export async function lighthouseSuite(quick: boolean, only?: string): Promise<void> {
  if (!fs.existsSync(EXECUTABLE)) {
    const skipped = `Chromium is not at ${EXECUTABLE} (apt-get install -y chromium)`;
    if (process.env.REQUIRE_SERVICES === '1') throw new Error(skipped);
    return console.warn(`*** SKIPPING lighthouse: ${skipped} ***`);
  }
  // Five: one build's chat scores spread over 10 points (blocking time 150-890 ms), so three's median wanders.
  const runs = quick ? 1 : 5;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-lh-data-'));
  const node = await startParley({ DATA_DIR: dataDir, DATABASE_URL: 'memory://' });
  const baseline = await serveBaseline();
  const chromium = await launchChromium();
  try {
    const index = await fetch(`${node.url}/`).then((r) => r.text());
    if (!index.includes('<div id="root">'))
      throw new Error('the node serves no web app: npm run build first');
    const tag = runTag();
    const cookie = await register(node.url, `lh${tag}`);
    const other = await register(node.url, `lh${tag}b`);
    const general = await call(node.url, cookie, 'GET', '/channels');
    const channel = (general.body.channels as { id: string; name: string }[]).find(
      (c) => c.name === 'general',
    )!;
    for (const [i, body] of SEED.entries())
      await call(node.url, i % 2 ? other : cookie, 'POST', `/channels/${channel.id}/messages`, {
        clientId: newClientId(),
        body,
      });
    const targets: [string, string, string?][] = [
      ['baseline (static page)', baseline.url],
      ['sign-in (/login)', `${node.url}/login`],
      ['chat (/c/general)', `${node.url}/c/general`, cookie],
    ];
    const pages: Record<string, Awaited<ReturnType<typeof scorePage>>> = {};
    for (const [page, url, withCookie] of targets)
      if (!only || page.startsWith(only)) pages[page] = await scorePage(url, chromium.port, runs, withCookie);
    console.table(
      Object.fromEntries(
        Object.entries(pages).map(([page, { failing: _failing, ...score }]) => [page, score]),
      ),
    );
    for (const [page, { failing }] of Object.entries(pages))
      if (failing.length) console.log(`${page}: below 90 in some run: ${failing.join(', ')}`);
    writeResult('lighthouse', quick, { preset: 'mobile (Lighthouse default)', pages });
  } finally {
    await chromium.stop();
    await baseline.close();
    await node.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
