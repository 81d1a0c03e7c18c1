import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './proc';
import { writeResult } from './report';

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
  writeResult('web', quick, result);
}
