import { expect, test } from '@playwright/test';
import { readable, setUpEncryption } from '../support/encryption.js';
import {
  composer,
  connectionState,
  messages,
  registerInNewContext,
  uniqueName,
  waitLive,
} from '../support/journeys.js';

// A page going away mid-answer cut a sealed send's answer off: it was marked "Not sent: Cannot read properties of undefined".
test('a sealed send whose answer is cut off is retried, stays sealed, and shows once, also after a reload', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  await setUpEncryption(alice.page, 'alice passphrase 1');
  const room = uniqueName('vault');
  await alice.page.getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByLabel('Name').fill(room);
  await alice.page.getByLabel(/End-to-end encrypted/).check();
  await alice.page.getByRole('button', { name: 'Create channel' }).click();
  await expect(composer(alice.page, room)).toBeVisible();
  await waitLive(alice.page);

  // The server takes the first try; its answer arrives cut off.
  const clientIds: string[] = [];
  await alice.page.route('**/api/v1/channels/*/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    clientIds.push(JSON.parse(route.request().postData() ?? '{}').clientId);
    const answer = await route.fetch();
    if (clientIds.length > 1) return route.fulfill({ response: answer });
    const whole = await answer.text();
    return route.fulfill({ response: answer, body: whole.slice(0, whole.length / 2) });
  });
  await composer(alice.page, room).fill('sealed, answered in half');
  await composer(alice.page, room).press('Enter');
  const row = messages(alice.page).filter({ hasText: 'sealed, answered in half' });
  // Its retry goes with the same client id, so the server keeps one.
  await expect.poll(() => clientIds.length, { timeout: 15_000 }).toBe(2);
  expect(new Set(clientIds).size).toBe(1);
  await expect(row).toHaveAttribute('data-status', 'sent');
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('Not sent');

  await alice.page.unrouteAll({ behavior: 'ignoreErrors' });
  await alice.page.reload();
  await waitLive(alice.page);
  await expect(readable(alice.page, 'sealed, answered in half')).toHaveCount(1);
  const channels = await (await alice.page.request.get('/api/v1/channels')).json();
  const id = channels.channels.find((c: { name: string }) => c.name === room).id;
  const stored = await (await alice.page.request.get(`/api/v1/channels/${id}/messages`)).json();
  expect(stored.messages).toHaveLength(1);
  expect(stored.messages[0]).toMatchObject({ body: null, encrypted: { v: 1 } });
  expect(JSON.stringify(stored)).not.toContain('answered in half');
  await alice.context.close();
});

test('a queued send the server is slow to answer does not hold the catching-up banner after a reconnect', async ({
  browser,
}) => {
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await waitLive(bob.page);
  await bob.context.setOffline(true);
  await expect(connectionState(bob.page)).toHaveAttribute('data-connection-state', 'offline');
  await composer(bob.page, 'general').fill('queued behind a slow server');
  await composer(bob.page, 'general').press('Enter');
  const row = messages(bob.page).filter({ hasText: 'queued behind a slow server' });
  await expect(row).toHaveAttribute('data-status', 'pending');

  let held = 0;
  await bob.page.route('**/api/v1/channels/*/messages', (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    held++;
    return new Promise<void>(() => {});
  });
  await bob.context.setOffline(false);
  await expect.poll(() => held).toBe(1);
  await waitLive(bob.page);
  await expect(bob.page.getByTestId('connection-banner')).toBeHidden();
  await expect(row).toHaveAttribute('data-status', 'pending');
  await bob.context.close();
});
