import { expect, test } from '@playwright/test';
import { messages, register, send, uniqueName, waitLive } from '../support/journeys.js';

test('a send the server refuses can be retried (once, same clientId) or discarded', async ({ page }) => {
  await register(page, uniqueName('retrier'));
  await waitLive(page);
  let refuse = true;
  const clientIds: string[] = [];
  await page.route('**/api/v1/channels/*/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    clientIds.push(JSON.parse(route.request().postData() ?? '{}').clientId);
    if (!refuse) return route.continue();
    await route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'conflict', message: 'Refused for the test.' } }),
    });
  });

  await send(page, 'general', 'try me again');
  const failed = messages(page).filter({ hasText: 'try me again' });
  await expect(failed).toHaveAttribute('data-status', 'failed');
  await expect(failed).toContainText('Refused for the test.');
  refuse = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(messages(page).filter({ hasText: 'try me again' })).toHaveAttribute('data-status', 'sent');
  await expect(messages(page).filter({ hasText: 'try me again' })).toHaveCount(1);
  expect(new Set(clientIds).size).toBe(1);

  refuse = true;
  await send(page, 'general', 'forget me');
  await expect(messages(page).filter({ hasText: 'forget me' })).toHaveAttribute('data-status', 'failed');
  await messages(page).filter({ hasText: 'forget me' }).getByRole('button', { name: 'Discard' }).click();
  await expect(messages(page).filter({ hasText: 'forget me' })).toHaveCount(0);
  await page.reload();
  await waitLive(page);
  await expect(messages(page).filter({ hasText: 'forget me' })).toHaveCount(0);
  await expect(messages(page).filter({ hasText: 'try me again' })).toHaveCount(1);
});
