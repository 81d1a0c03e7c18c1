import { expect, test } from '@playwright/test';
import { connectionState, register, uniqueName } from '../support/journeys.js';

test('the realtime connection starts with long polling and upgrades to WebSocket', async ({ page }) => {
  const polling: string[] = [];
  const websockets: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/socket.io/') && req.url().includes('transport=polling')) polling.push(req.url());
  });
  page.on('websocket', (ws) => websockets.push(ws.url()));
  await register(page, uniqueName('upgrader'));
  await expect(connectionState(page)).toHaveAttribute('data-connection-state', 'live');
  await expect(page.locator('[data-transport]').first()).toHaveAttribute('data-transport', 'websocket');
  expect(polling.length).toBeGreaterThan(0);
  expect(websockets.some((u) => u.includes('/socket.io/') && u.includes('transport=websocket'))).toBe(true);
  const firstPoll = polling[0]!;
  const sid = new URL(firstPoll).searchParams.get('sid');
  expect(sid).toBeNull(); // the very first request opens the session over polling
});
