// `npm run bench -- --only local-search`: the browser's index of encrypted messages, built and queried in Chromium.
import path from 'node:path';
import { withChromium } from './chromium';
import type { measureLocalSearch } from './local-search-work';
import { serveBundle } from './page-server';
import { writeResult } from './report';

type Bench = { measureLocalSearch: typeof measureLocalSearch };

export async function localSearchSuite(quick: boolean): Promise<void> {
  const count = quick ? 10_000 : 50_000;
  const rounds = quick ? 1 : 3;
  const result = await withChromium(async (browser) => {
    const served = await serveBundle(
      path.join(import.meta.dirname, 'local-search-work.ts'),
      'ParleyLocalSearch',
    );
    try {
      const page = await browser.newPage();
      await page.goto(served.url);
      const figures = await page.evaluate(
        ([n, r]) =>
          (globalThis as unknown as { ParleyLocalSearch: Bench }).ParleyLocalSearch.measureLocalSearch(n, r),
        [count, rounds] as const,
      );
      return { runtime: `Chromium ${browser.version()}`, ...figures };
    } finally {
      await served.close();
    }
  });
  if ('skipped' in result) {
    console.warn(`local-search skipped: ${result.skipped}`);
    return;
  }
  const { hitsPerQuery, medianMsPerQuery, ...figures } = result;
  console.table({
    build: { ms: figures.buildMs },
    [`seal (${figures.records} records)`]: { ms: figures.sealMs },
    'open + build': { ms: figures.openAndBuildMs },
  });
  console.table({ index: figures.indexQuery, 'Array.filter(includes)': figures.baselineFilterIncludes });
  console.table(
    Object.fromEntries(
      Object.keys(hitsPerQuery).map((q) => [q, { hits: hitsPerQuery[q], medianMs: medianMsPerQuery[q] }]),
    ),
  );
  writeResult('local-search', quick, {
    ...figures,
    hitsPerQuery,
    medianMsPerQuery,
    targets: { buildMs: 30_000, queryP95Ms: 50 },
    withinTargets: figures.openAndBuildMs < 30_000 && figures.indexQuery.p95Ms < 50,
  });
}
