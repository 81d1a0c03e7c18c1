// Start-up time and idle memory of one node on the embedded database: `node scripts/measure-start.mjs`.
// A first start on an empty DATA_DIR, then restarts on the data it left, built (npm start) and from sources (tsx).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from './builds.mjs';

const root = path.resolve(import.meta.dirname, '..');
const main = await ensureBuilt();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-start-'));
const port = 21_000 + Math.floor(Math.random() * 9_000);
const ticks = 100; // USER_HZ on Linux

function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticks;
}

async function run(label, args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  while (
    !(await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`${label}: the server exited ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(child.pid);
  await new Promise((r) => setTimeout(r, 5_000));
  const rssMb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
  child.kill('SIGTERM');
  await exited;
  const row = {
    run: label,
    'to healthy (s)': seconds.toFixed(2),
    'CPU (s)': cpu.toFixed(2),
    'idle RSS (MB)': Math.round(rssMb),
  };
  console.log(JSON.stringify(row));
  return row;
}

const rows = [await run('first start, built', [main])];
for (let i = 1; i <= 3; i++) rows.push(await run(`restart ${i}, built`, [main]));
for (let i = 1; i <= 2; i++)
  rows.push(await run(`restart ${i}, sources (tsx)`, ['--import', 'tsx', 'apps/server/src/main.ts']));
console.table(rows);
console.log(
  `load average: ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
