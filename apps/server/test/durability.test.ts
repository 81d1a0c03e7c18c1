import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientId, signUp, waitFor } from './support/client.js';
import { TEST_SECRET } from './support/server.js';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-durable-'));
const port = 21_000 + Math.floor(Math.random() * 9_000);
const url = `http://127.0.0.1:${port}`;
const children: ChildProcess[] = [];

function startNode(): { child: ChildProcess; output: () => string } {
  let output = '';
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  Object.assign(env, { PARLEY_SECRET: TEST_SECRET, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  children.push(child);
  return { child, output: () => output };
}

const healthy = async () => (await fetch(`${url}/api/v1/health`).catch(() => undefined))?.ok === true;
const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('the embedded database', () => {
  afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

  it('keeps an acknowledged message through kill -9, and refuses a second process on the same DATA_DIR', async () => {
    const first = startNode();
    await waitFor(healthy, 30_000);

    const second = startNode();
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toMatch(/Another Parley process \(pid \d+\) is using/);

    const alice = await signUp(url, 'alice');
    const general = (await alice.get('/channels')).body.channels[0].id;
    const sent = await alice.post(`/channels/${general}/messages`, {
      clientId: clientId(),
      body: 'survive this',
    });
    expect(sent.status).toBe(201);

    first.child.kill('SIGKILL');
    await exited(first.child);
    startNode();
    await waitFor(healthy, 30_000);
    const history = (await alice.get(`/channels/${general}/messages`)).body.messages;
    expect(history.map((m: { body: string }) => m.body)).toContain('survive this');
    expect(history.find((m: { body: string }) => m.body === 'survive this').seq).toBe(sent.body.message.seq);
  }, 90_000);

  it('sends a scheduled message that fell due while no node ran, once, when one starts', async () => {
    for (const c of children) c.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    const node = startNode();
    await waitFor(healthy, 30_000);
    const bob = await signUp(url, 'bob');
    const general = (await bob.get('/channels')).body.channels[0].id;
    const sendAt = new Date(Date.now() + 3_000).toISOString();
    const res = await bob.post(`/channels/${general}/scheduled`, {
      clientId: clientId(),
      body: 'while away',
      sendAt,
    });
    expect(res.status).toBe(201);

    node.child.kill('SIGKILL');
    await exited(node.child);
    await new Promise((r) => setTimeout(r, 3_500));
    startNode();
    await waitFor(healthy, 30_000);
    const sent = async () =>
      ((await bob.get(`/channels/${general}/messages`)).body.messages as { body: string }[]).filter(
        (m) => m.body === 'while away',
      );
    await waitFor(async () => (await sent()).length > 0, 15_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await sent()).toHaveLength(1);
    expect((await bob.get('/scheduled')).body.scheduled).toEqual([]);
  }, 90_000);
});
