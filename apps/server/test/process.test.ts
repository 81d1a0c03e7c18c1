import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientId, signUp, waitFor } from './support/client.js';
import { fromSources, healthy, randomPort, startProcess, type RunningProcess } from './support/process.js';

const started: RunningProcess[] = [];
const orphans: number[] = [];
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `parley-${name}-`));
const mode = (p: string) => fs.statSync(p).mode & 0o777;
const lockFile = (dataDir: string) => path.join(dataDir, 'parley.lock');

function start(command: string[], opts: Parameters<typeof startProcess>[1]): RunningProcess {
  const proc = startProcess(command, opts);
  started.push(proc);
  return proc;
}

async function startHealthy(command: string[], opts: Parameters<typeof startProcess>[1]) {
  const proc = start(command, opts);
  await waitFor(async () => (await healthy(proc.url)) || proc.child.exitCode !== null, 300_000);
  if (proc.child.exitCode !== null)
    throw new Error(`server exited ${proc.child.exitCode}:\n${proc.output()}`);
  return proc;
}

describe('the server process', () => {
  afterAll(() => {
    for (const proc of started) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    for (const pid of orphans) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  });

  it('makes DATA_DIR private: folder 0700, files 0600, with a warning when it was open', async () => {
    const dataDir = tmp('perms');
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(dataDir, 'secret'), 'x'.repeat(40) + '\n', { mode: 0o644 });
    fs.chmodSync(path.join(dataDir, 'secret'), 0o644);
    const proc = await startHealthy(fromSources, { dataDir, port: randomPort(), unset: ['PARLEY_SECRET'] });
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
    expect(proc.output()).toMatch(/was open to other users .*made it private/);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'secret'))).toBe(0o600);
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
        const p = path.join(dir, e.name);
        return e.isDirectory() ? [p, ...walk(p)] : [p];
      });
    const entries = walk(path.join(dataDir, 'db'));
    expect(entries.length).toBeGreaterThan(10);
    for (const p of entries) expect(mode(p) & 0o077, p).toBe(0);
  }, 400_000);

  it('a double Ctrl-C to the process group and a SIGTERM to npm start both exit cleanly and free the lock', async () => {
    const dataDir = tmp('signals');
    const port = randomPort();
    const npmStart = ['npm', 'start'];
    const first = await startHealthy(npmStart, { dataDir, port, detached: true });
    // The built server finds the built web app (it once looked one folder too high).
    const page = await fetch(`${first.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const alice = await signUp(first.url, 'alice');
    const general = (await alice.get('/channels')).body.channels[0].id;
    const sent = await alice.post(`/channels/${general}/messages`, { clientId: clientId(), body: 'kept' });
    expect(sent.status).toBe(201);
    // What a terminal does on Ctrl-C, twice in a row: SIGINT to every process of the group.
    process.kill(-first.child.pid!, 'SIGINT');
    process.kill(-first.child.pid!, 'SIGINT');
    // npm itself ends by the signal; what counts is how the server it started ended.
    await first.exited;
    await waitFor(async () => !fs.existsSync(lockFile(dataDir)), 20_000);
    expect(first.output()).toMatch(/SIGINT: shutting down/);
    expect(first.output()).not.toMatch(/forced exit|Shutdown took over/);

    const second = await startHealthy(npmStart, { dataDir, port, detached: true });
    expect(
      (await alice.get(`/channels/${general}/messages`)).body.messages.map((m: { body: string }) => m.body),
    ).toContain('kept');
    second.child.kill('SIGTERM');
    await second.exited;
    // npm is gone; the server it started must follow, and leave no lock behind.
    await waitFor(async () => !(await healthy(second.url)) && !fs.existsSync(lockFile(dataDir)), 20_000);
    expect(second.output()).toMatch(/SIGTERM: shutting down/);

    const third = await startHealthy(fromSources, { dataDir, port });
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 900_000);

  it('restarts at once after kill -9, while the killed server is not yet reaped', async () => {
    const dataDir = tmp('zombie');
    const port = randomPort();
    // sh execs into sleep, which never reaps: the killed server stays a zombie holding its pid.
    const shell = start(['sh', '-c', `${fromSources.join(' ')} & exec sleep 600`], { dataDir, port });
    await waitFor(() => healthy(shell.url), 300_000);
    const pid = Number(fs.readFileSync(lockFile(dataDir), 'utf8').split(' ')[0]);
    orphans.push(pid);
    process.kill(pid, 'SIGKILL');
    await waitFor(
      async () => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z'),
      10_000,
    );
    const next = await startHealthy(fromSources, { dataDir, port });
    expect(next.output()).not.toMatch(/Another Parley process/);
    next.child.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    shell.child.kill('SIGKILL');
  }, 700_000);

  it('restarts at once after kill -9, repeatedly', async () => {
    const dataDir = tmp('kill9');
    const port = randomPort();
    let proc = await startHealthy(fromSources, { dataDir, port });
    for (let round = 0; round < 2; round++) {
      proc.child.kill('SIGKILL');
      proc = await startHealthy(fromSources, { dataDir, port });
      expect(proc.output()).not.toMatch(/Another Parley process/);
    }
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  }, 900_000);

  it('start:cluster exits non-zero when its nodes die', async () => {
    const proc = start(['npm', 'run', 'start:cluster'], {
      dataDir: tmp('cluster'),
      port: randomPort(),
      env: {
        NODES: '2',
        BASE_PORT: String(randomPort()),
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/parley',
      },
    });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toMatch(/node \d \(port \d+\) exited \(code 1\); stopping the others/);
  }, 600_000);
});
