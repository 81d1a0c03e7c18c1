// `npm run bench -- --only crypto`: the same measurements in Node and in Chromium, each against raw AES-CTR.
import path from 'node:path';
import { withChromium } from './chromium';
import { measureCrypto } from './crypto-work';
import { serveBundle } from './page-server';
import { writeResult } from './report';

type Figures = Awaited<ReturnType<typeof measureCrypto>>;

async function inChromium(quick: boolean) {
  return withChromium(async (browser) => {
    const served = await serveBundle(path.join(import.meta.dirname, 'crypto-work.ts'), 'ParleyCryptoBench');
    try {
      const page = await browser.newPage();
      await page.goto(served.url);
      const figures = await page.evaluate(
        (q) =>
          (
            globalThis as unknown as { ParleyCryptoBench: { measureCrypto: typeof measureCrypto } }
          ).ParleyCryptoBench.measureCrypto(q),
        quick,
      );
      return { runtime: `Chromium ${browser.version()}`, ...figures };
    } finally {
      await served.close();
    }
  });
}

function print(runtime: string, figures: Figures) {
  console.log(`\n${runtime}`);
  console.table({ '1 KB messages': figures.messages1KB });
  console.table({ file: figures.file });
  console.table({ unlock: figures.unlock });
}

export async function cryptoSuite(quick: boolean): Promise<void> {
  const node = { runtime: `Node ${process.version}`, ...(await measureCrypto(quick)) };
  print(node.runtime, node);
  const chromium = await inChromium(quick);
  if ('skipped' in chromium) console.warn(`Chromium run skipped: ${chromium.skipped}`);
  else print(chromium.runtime, chromium);
  writeResult('crypto', quick, { node, chromium });
}
