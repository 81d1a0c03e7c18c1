import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { register, sidebar, uniqueName, waitLive } from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS;

// A page's code missing (offline, or gone after an upgrade) blanked the whole app.
test('a page opened offline loads once back online, and one whose code is gone after an upgrade offers a reload instead of a blank app', async ({
  page,
  context,
}) => {
  await register(page, uniqueName('reader'));
  await waitLive(page);

  await context.setOffline(true);
  await sidebar(page).getByRole('link', { name: 'Threads' }).click();
  await expect(page).toHaveURL(/\/threads$/);
  // The screen before stays while the page's code waits for the connection.
  await page.waitForTimeout(1_000);
  await expect(page.getByRole('heading', { name: 'Threads', exact: true })).toHaveCount(0);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Threads', exact: true })).toBeVisible();

  // As after an upgrade: the saved page's code is no longer on the server.
  await page.route(/\/assets\/saved-page-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await sidebar(page).getByRole('link', { name: 'Saved' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'This part of Parley could not load' });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText('You may be offline, or Parley was updated.');
  await expect(sidebar(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/chunk-missing.png` });

  // Another page still opens, and Reload brings the missing one once it is there.
  await sidebar(page).getByRole('link', { name: 'Threads' }).click();
  await expect(page.getByRole('heading', { name: 'Threads', exact: true })).toBeVisible();
  await sidebar(page).getByRole('link', { name: 'Saved' }).click();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Saved', exact: true })).toBeVisible();
});
