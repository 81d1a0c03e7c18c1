import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './proc';
import { writeResult } from './report';
import { measureWebTimings } from './web-timings';

/** Gzipped bytes of the JavaScript the first screen loads: the entry script and its modulepreloads. */
export function measureWebSize() {
  const dist = path.join(root, 'apps/web/dist');
  const budget = JSON.parse(fs.readFileSync(path.join(root, 'bench/web-budget.json'), 'utf8')) as {
    firstLoadJsGzipBytes: number;
  };
  if (!fs.existsSync(path.join(dist, 'index.html')))
    return { skipped: 'apps/web/dist is not built (npm run build)' };
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const sizes = files.map((f) => ({
    file: f,
    gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length,
  }));
  const total = sizes.reduce((sum, s) => sum + s.gzipBytes, 0);
  return {
    files: sizes,
    firstLoadJsGzipBytes: total,
    budgetBytes: budget.firstLoadJsGzipBytes,
    ratioToBudget: Math.round((total / budget.firstLoadJsGzipBytes) * 100) / 100,
    withinBudget: total <= budget.firstLoadJsGzipBytes,
  };
}

export async function webSuite(quick: boolean): Promise<void> {
  const result = measureWebSize();
  if ('skipped' in result) return console.log(`web skipped: ${result.skipped}`);
  console.table(result.files);
  console.log(
    `first-load JS: ${result.firstLoadJsGzipBytes} bytes gzipped, ${result.ratioToBudget}x the budget of ${result.budgetBytes}`,
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
