import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './proc';
import { writeResult } from './report';
import { measureWebTimings } from './web-timings';

/**
 * Gzipped bytes of the JavaScript each first screen loads: the sign-in page (the entry script and its
 * modulepreloads) and the chat screen (those plus the chat chunk and every chunk it imports statically).
 */
export function measureWebSize() {
  const dist = path.join(root, 'apps/web/dist');
  const budget = JSON.parse(fs.readFileSync(path.join(root, 'bench/web-budget.json'), 'utf8')) as {
    firstLoadJsGzipBytes: number;
  };
  if (!fs.existsSync(path.join(dist, 'index.html')))
    return { skipped: 'apps/web/dist is not built (npm run build)' };
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const signIn = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const shell = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^shell-.*\.js$/.test(f));
  const chat = shell ? staticClosure(dist, [...signIn, `assets/${shell}`]) : signIn;
  const gzip = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
  const sizes = chat.map((f) => ({ file: f, gzipBytes: gzip(f), signIn: signIn.includes(f) }));
  const sum = (list: typeof sizes) => list.reduce((total, s) => total + s.gzipBytes, 0);
  const total = sum(sizes);
  return {
    files: sizes,
    signInJsGzipBytes: sum(sizes.filter((s) => s.signIn)),
    firstLoadJsGzipBytes: total,
    budgetBytes: budget.firstLoadJsGzipBytes,
    ratioToBudget: Math.round((total / budget.firstLoadJsGzipBytes) * 100) / 100,
    withinBudget: total <= budget.firstLoadJsGzipBytes,
  };
}

/** The files and every chunk they import statically (`from"./x.js"`), not the ones loaded on demand. */
function staticClosure(dist: string, files: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(`assets/${m[1]}`);
  };
  files.forEach(visit);
  return [...seen];
}

export async function webSuite(quick: boolean): Promise<void> {
  const result = measureWebSize();
  if ('skipped' in result) return console.log(`web skipped: ${result.skipped}`);
  console.table(result.files);
  console.log(
    `first-load JS: sign-in page ${result.signInJsGzipBytes} bytes gzipped; chat screen ${result.firstLoadJsGzipBytes}, ${result.ratioToBudget}x the budget of ${result.budgetBytes}`,
  );
  const timings = await measureWebTimings(quick);
  if ('skipped' in timings) console.warn(`web timings skipped: ${timings.skipped}`);
  else {
    printTimings(timings);
  }
  writeResult('web', quick, { ...result, timings });
}

type Timings = Exclude<Awaited<ReturnType<typeof measureWebTimings>>, { skipped: string }>;
const spread = (m: { p50: number; p95: number }) => `${m.p50} / ${m.p95}`;

function printTimings(t: Timings) {
  console.table({
    'cold load to usable channel': {
      'p50 / p95 ms': spread(t.coldLoad.usableMs),
      baseline: spread(t.coldLoad.floorMs),
      ratio: t.coldLoad.usableToFloor,
    },
    ...(t.coldLoad.liveMs
      ? { 'cold load to live socket': { 'p50 / p95 ms': spread(t.coldLoad.liveMs) } }
      : {}),
    'channel switch (cached)': {
      'p50 / p95 ms': spread(t.channelSwitch.cachedMs),
      baseline: spread(t.channelSwitch.noOpClickMs),
      ratio: t.channelSwitch.switchToNoOp,
    },
    'channel switch, list settled': { 'p50 / p95 ms': spread(t.channelSwitch.listReadyMs) },
    'thread open, first reply shown': {
      'p50 / p95 ms': spread(t.threadOpen.firstOpenMs),
      baseline: spread(t.threadOpen.noOpClickMs),
      ratio: t.threadOpen.firstOpenToNoOp,
    },
    'thread open again (cached)': { 'p50 / p95 ms': spread(t.threadOpen.cachedOpenMs) },
    'thread open as the page shows': { 'p50 / p95 ms': spread(t.threadOpen.atOnceOpenMs) },
    'thread open / channel switch': { ratio: t.threadOpen.firstOpenToChannelSwitch },
    'thread address, cold load': {
      'p50 / p95 ms': spread(t.threadOpen.coldNavigationMs),
      baseline: spread(t.coldLoad.floorMs),
    },
    'scroll frame': {
      'p50 / p95 ms': spread(t.scroll.scrollFrameMs),
      baseline: spread(t.scroll.idleFrameMs),
      ratio: t.scroll.p95ToIdle,
    },
  });
  console.log(
    `first visit to a channel: ${t.channelSwitch.firstVisitMs} ms; scrolling: ${t.scroll.longFrames} of ${t.scroll.frames} frames over 25 ms, at most ${t.scroll.maxRowsMounted} rows mounted, ${t.scroll.messagesScrolledPast} messages passed`,
  );
}
