import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './proc';

export const machine = {
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  date: new Date().toISOString(),
};

/** Writes bench/results/<name>.json; quick runs write <name>-quick.json beside the full results. */
export function writeResult(name: string, quick: boolean, data: object): void {
  const dir = path.join(root, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}${quick ? '-quick' : ''}.json`);
  fs.writeFileSync(file, JSON.stringify({ machine, quick, ...data }, null, 2) + '\n');
  console.log(`wrote ${path.relative(root, file)}`);
}
