import { expect, test } from '@playwright/test';
import {
  connectionState,
  messages,
  registerInNewContext,
  send,
  uniqueName,
  waitLive,
} from '../support/journeys.js';

test('going offline queues sends, and coming back delivers what was missed and what was queued, each once', async ({
  browser,
}) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  await send(alice.page, 'general', 'before the tunnel');
  await expect(messages(bob.page).filter({ hasText: 'before the tunnel' })).toHaveCount(1);

  await bob.context.setOffline(true);
  await expect(connectionState(bob.page)).toHaveAttribute('data-connection-state', 'offline');
  await expect(bob.page.getByTestId('connection-banner')).toBeVisible();

  for (const text of ['missed one', 'missed two', 'missed three']) await send(alice.page, 'general', text);
  for (const text of ['queued one', 'queued two']) await send(bob.page, 'general', text);
  await expect(messages(bob.page).filter({ hasText: 'queued one' })).toHaveAttribute(
    'data-status',
    'pending',
  );

  await bob.context.setOffline(false);
  await waitLive(bob.page);
  for (const text of ['missed one', 'missed two', 'missed three', 'queued one', 'queued two']) {
    await expect(messages(bob.page).filter({ hasText: text })).toHaveCount(1);
    await expect(messages(alice.page).filter({ hasText: text })).toHaveCount(1);
  }
  await expect(messages(bob.page).filter({ hasText: 'queued two' })).toHaveAttribute('data-status', 'sent');
  // Queued sends go out in order.
  const order = await messages(alice.page).allInnerTexts();
  const one = order.findIndex((t) => t.includes('queued one'));
  const two = order.findIndex((t) => t.includes('queued two'));
  expect(one).toBeGreaterThanOrEqual(0);
  expect(two).toBeGreaterThan(one);

  // A reload after all that still shows each message once.
  await bob.page.reload();
  await waitLive(bob.page);
  for (const text of ['missed two', 'queued two'])
    await expect(messages(bob.page).filter({ hasText: text })).toHaveCount(1);
  await alice.context.close();
  await bob.context.close();
});
