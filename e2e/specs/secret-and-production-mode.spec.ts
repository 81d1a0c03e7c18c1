import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_SECRET } from '../support/env.js';
import { register, send, uniqueName, waitLive } from '../support/journeys.js';

test('PARLEY_SECRET appears nowhere the browser can read: bundle, config, API responses, socket frames', async ({
  page,
}) => {
  const bodies: string[] = [];
  page.on('response', async (res) => {
    try {
      bodies.push(`${res.url()} ${JSON.stringify(res.headers())} ${await res.text()}`);
    } catch {
      // Redirects and aborted responses have no body.
    }
  });
  page.on('websocket', (ws) => ws.on('framereceived', (f) => bodies.push(String(f.payload))));
  await register(page, uniqueName('auditor'));
  await waitLive(page);
  await send(page, 'general', 'checking for leaks');
  await page.goto('/config.json');
  await page.goto('/api/v1/health');
  await page.waitForTimeout(500);
  expect(bodies.length).toBeGreaterThan(5);
  for (const body of bodies) expect(body).not.toContain(E2E_SECRET);
  const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');
  for (const file of fs.readdirSync(dist, { recursive: true }) as string[]) {
    const full = path.join(dist, file);
    if (fs.statSync(full).isFile()) expect(fs.readFileSync(full, 'utf8')).not.toContain(E2E_SECRET);
  }
});

test('npm start serves the minified production build with NODE_ENV=production', async ({ page, request }) => {
  const health = await (await request.get('/api/v1/health')).json();
  expect(health).toMatchObject({ status: 'ok', version: '1.13.0', mode: 'production' });
  const config = await (await request.get('/config.json')).json();
  expect(config).toMatchObject({
    cipherAlgorithm: 'aes-256-ctr',
    version: '1.13.0',
    socketPath: '/socket.io',
    apiBase: '/api/v1',
  });
  const scripts: string[] = [];
  page.on('response', (res) => res.url().endsWith('.js') && scripts.push(res.url()));
  await page.goto('/login');
  expect(scripts.length).toBeGreaterThan(0);
  // The page's own scripts (the build's small runtime, then the entry's code), not whichever chunk
  // happened to answer first (that made this flaky); the largest is the one to read.
  const html = await (await request.get('/login')).text();
  const entries = [...html.matchAll(/<script type="module"[^>]* src="([^"]+\.js)"/g)].map((m) => m[1]!);
  expect(entries.length).toBeGreaterThan(0);
  for (const entry of entries) expect(scripts.some((url) => url.endsWith(entry))).toBe(true);
  const bodies = await Promise.all(entries.map(async (entry) => (await request.get(entry)).text()));
  const js = bodies.reduce((a, b) => (b.length > a.length ? b : a));
  expect(js.length).toBeGreaterThan(1000);
  expect(js.split('\n').length).toBeLessThan(js.length / 500); // minified: long lines
  const csp = (await request.get('/login')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
});
