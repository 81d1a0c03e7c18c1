import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientId, connected, nextEvent, signUp, waitFor } from './support/client.js';
import { createTestDatabase, postgresAvailable, REDIS_URL, requireServices } from './support/services.js';
import { startServer, type TestServer } from './support/server.js';

const example = path.resolve(import.meta.dirname, '../../../docs/examples/nginx.conf');
const hasNginx = spawnSync('nginx', ['-v']).status === 0;
if (!hasNginx && requireServices) throw new Error('REQUIRE_SERVICES=1 but nginx is not installed');
if (!hasNginx) console.warn('\n*** SKIPPING the nginx example test: nginx is not installed ***\n');
const probe = new Redis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null });
const redisUp = await probe.connect().then(
  () => true,
  () => false,
);
probe.disconnect();

describe.runIf(hasNginx && redisUp && (await postgresAvailable()))(
  'the documented nginx config in front of two nodes',
  () => {
    let nodes: TestServer[];
    let nginx: ChildProcess;
    let db: Awaited<ReturnType<typeof createTestDatabase>>;
    let url: string;
    beforeAll(async () => {
      db = await createTestDatabase();
      const start = () => startServer({ REDIS_URL }, 'postgres', { databaseUrl: db.url });
      nodes = [await start(), await start()];
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-nginx-'));
      const port = 20_000 + Math.floor(Math.random() * 20_000);
      const ports = nodes.map((n) => new URL(n.url).port);
      const site = fs
        .readFileSync(example, 'utf8')
        .replace('127.0.0.1:8081', `127.0.0.1:${ports[0]}`)
        .replace('127.0.0.1:8082', `127.0.0.1:${ports[1]}`)
        .replace('listen 127.0.0.1:8080', `listen 127.0.0.1:${port}`);
      fs.writeFileSync(
        path.join(dir, 'nginx.conf'),
        `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log; events {}
       http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; ${site} }`,
      );
      nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
      url = `http://127.0.0.1:${port}`;
      await waitFor(
        async () => (await fetch(`${url}/api/v1/health`).catch(() => undefined))?.ok === true,
        10_000,
      );
    });
    afterAll(async () => {
      nginx?.kill();
      for (const n of nodes ?? []) await n.stop();
      await db?.drop();
    });

    it('signs in, upgrades the socket to WebSocket and delivers live through the proxy', async () => {
      const alice = await signUp(url, 'alice');
      const bob = await signUp(url, 'bob');
      const general = (await alice.get('/channels')).body.channels[0].id;
      const socket = bob.socket();
      const upgraded = new Promise<string>((resolve) =>
        socket.io.once('open', () =>
          socket.io.engine.once('upgrade', (t: { name: string }) => resolve(t.name)),
        ),
      );
      await connected(socket);
      expect(await upgraded).toBe('websocket');
      const got = nextEvent(socket, 'message:created');
      await alice.post(`/channels/${general}/messages`, { clientId: clientId(), body: 'via nginx' });
      expect((await got).message.body).toBe('via nginx');
      socket.close();
    });
  },
);
