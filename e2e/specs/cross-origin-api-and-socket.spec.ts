import { expect, test } from '@playwright/test';
import { APP_URL, STATIC_URL } from '../support/env.js';
import { messages, register, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';

test('a page on another origin talks to the API and socket configured in /config.json', async ({
  browser,
}) => {
  const apiCalls: string[] = [];
  const sockets: string[] = [];
  const context = await browser.newContext({ baseURL: STATIC_URL });
  context.on('request', (req) => req.url().startsWith(APP_URL) && apiCalls.push(req.url()));
  const page = await context.newPage();
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await register(page, uniqueName('remote'));
  await waitLive(page);
  expect(new URL(page.url()).origin).toBe(STATIC_URL);
  expect(apiCalls.some((u) => u.startsWith(`${APP_URL}/api/v1/auth/register`))).toBe(true);
  expect(apiCalls.some((u) => u.startsWith(`${APP_URL}/socket.io/`))).toBe(true);
  expect(sockets.some((u) => u.startsWith(APP_URL.replace('http', 'ws')))).toBe(true);

  // And a same-origin user sees what the cross-origin user sends.
  const local = await registerInNewContext(browser, uniqueName('local'));
  await waitLive(local.page);
  await send(page, 'general', 'from another origin');
  await expect(messages(local.page).filter({ hasText: 'from another origin' })).toHaveCount(1);
  await context.close();
  await local.context.close();
});

test('the API refuses a cross-origin caller that is not on the allow-list', async ({ request }) => {
  const res = await request.post(`${APP_URL}/api/v1/auth/login`, {
    headers: { origin: 'http://evil.example', 'x-parley-csrf': '1' },
    data: { username: 'nobody', password: 'whatever-long' },
  });
  expect(res.status()).toBe(403);
  expect(res.headers()['access-control-allow-origin']).toBeUndefined();
  const preflight = await request.fetch(`${APP_URL}/api/v1/channels`, {
    method: 'OPTIONS',
    headers: {
      origin: STATIC_URL,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-parley-csrf',
    },
  });
  expect(preflight.headers()['access-control-allow-origin']).toBe(STATIC_URL);
  expect(preflight.headers()['access-control-allow-credentials']).toBe('true');
});
