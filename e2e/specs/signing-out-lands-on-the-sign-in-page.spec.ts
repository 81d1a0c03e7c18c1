import { expect, test } from '@playwright/test';
import { registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';

// Regression: signing out ended the session on the server but left the page in the app, "offline".
test('signing out from the account menu or from Settings lands on the sign-in page without a reload', async ({
  browser,
}) => {
  const name = uniqueName('leaver');
  const { context, page } = await registerInNewContext(browser, name);
  await waitLive(page);
  await page.goto('/threads');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Whoever signs in next starts at home, not on the page the last person signed out from.
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill('correct horse battery');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/c\/general$/);
  await waitLive(page);
  await page.goto('/settings/security');
  // "Sign out" of this session, not "Sign out everywhere else" nor one of the listed sessions.
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // Nothing of the signed-in app is left on the page.
  await expect(page.locator('[data-connection-state]')).toHaveCount(0);
  await context.close();
});
