import { expect, test } from '@playwright/test';

// On a slow network the page showed nothing at all until the script and the session had loaded.
test('a slow start shows Parley’s mark from the page itself, and it goes once the app is there', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The app's scripts wait, as they would on a slow connection.
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const mark = page.locator('.boot');
  await expect(mark).toBeVisible();
  await expect(mark).toContainText('Parley');
  release();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(mark).toBeHidden();
  await context.close();
});
