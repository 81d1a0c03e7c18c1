import { expect, test } from '@playwright/test';
import { composer, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';

// The page says who is signed in: the app no longer waits for /config.json and the session before drawing.
test('the first screen starts from the page itself, signed in or out, with no config or session round trip', async ({
  browser,
}) => {
  const name = uniqueName('booter');
  const { context, page } = await registerInNewContext(browser, name);
  await send(page, 'general', `${name} before the reload`);
  await expect(page.getByText(`${name} before the reload`)).toBeVisible();
  const asked: string[] = [];
  page.on('request', (req) => asked.push(new URL(req.url()).pathname));
  await page.goto('/c/general');
  await expect(composer(page, 'general')).toBeVisible();
  await expect(page.getByText(`${name} before the reload`)).toBeVisible();
  await waitLive(page);
  expect(asked).not.toContain('/config.json');
  expect(asked).not.toContain('/api/v1/auth/session');
  // The page itself lists the chat screen's chunks, so they download beside the entry script.
  await expect(page.locator('head link[rel="modulepreload"][href^="/assets/shell-"]')).toHaveCount(1);

  // A change made after the page was written still arrives: the page's cursor was taken before it.
  const other = await registerInNewContext(browser, uniqueName('booted'));
  await send(other.page, 'general', `${name} after the reload`);
  await expect(page.getByText(`${name} after the reload`)).toBeVisible();

  // Signed out, the same page shows sign-in at once, and fetches no chat screen.
  const signedOut = await browser.newContext();
  const fresh = await signedOut.newPage();
  const freshAsked: string[] = [];
  fresh.on('request', (req) => freshAsked.push(new URL(req.url()).pathname));
  await fresh.goto('/c/general');
  await expect(fresh).toHaveURL(/\/login$/);
  await expect(fresh.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(freshAsked).not.toContain('/api/v1/auth/session');
  expect(freshAsked.some((p) => /\/assets\/shell-/.test(p))).toBe(false);
  await expect(fresh.locator('link[rel="modulepreload"][href^="/assets/shell-"]')).toHaveCount(0);
  await Promise.all([context.close(), other.context.close(), signedOut.close()]);
});
