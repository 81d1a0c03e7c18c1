import { expect, test } from '@playwright/test';
import { API_PREFIX, FIRST_SCREEN_GETS } from '@parley/protocol';
import { composer, messages, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';

// The page says who is signed in and answers the first screen's GETs: the app waits on no round trip to draw it.
test('the first screen starts from the page itself, signed in or out, with no round trip before it shows', async ({
  browser,
}) => {
  const name = uniqueName('booter');
  const { context, page } = await registerInNewContext(browser, name);
  await send(page, 'general', `${name} before the reload`);
  // Regression: the list's first-frame preview could still be drawn, and then the text was there twice:
  // each lookup is in the list itself.
  await expect(messages(page).getByText(`${name} before the reload`)).toBeVisible();
  // Regression: the old page, still live while the new one loaded, asked for presence and was counted.
  await page.goto('about:blank');
  const asked: string[] = [];
  const askedGets: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    asked.push(url.pathname);
    if (req.method() === 'GET') askedGets.push(url.pathname + url.search);
  });
  await page.goto('/c/general');
  await expect(composer(page, 'general')).toBeVisible();
  await expect(messages(page).getByText(`${name} before the reload`)).toBeVisible();
  await waitLive(page);
  expect(asked).not.toContain('/config.json');
  expect(asked).not.toContain('/api/v1/auth/session');
  // The channel list, people, badges and the channel's newest messages came with the page: until the
  // socket's catch-up (presence is asked again then: it is not in the feed), none was asked for.
  const catchUpAt = askedGets.findIndex((p) => p.startsWith(`${API_PREFIX}/sync`));
  expect(catchUpAt).toBeGreaterThan(0);
  const beforeCatchUp = askedGets.slice(0, catchUpAt);
  for (const path of FIRST_SCREEN_GETS) expect(beforeCatchUp).not.toContain(`${API_PREFIX}${path}`);
  // Older pages may follow when the newest one does not fill the list (a crowd's joins collapse into one row).
  const newest = askedGets.filter((p) => /\/channels\/[^/]+\/messages/.test(p) && !p.includes('before='));
  expect(newest).toEqual([]);
  // Regression: bots' slash commands were asked for on every channel opened; now only once a `/` is typed.
  expect(askedGets.filter((p) => p.endsWith('/commands'))).toEqual([]);
  // The page itself lists the chat screen's chunks, so they download beside the entry script.
  await expect(page.locator('head link[rel="modulepreload"][href^="/assets/shell-"]')).toHaveCount(1);

  // A change made after the page was written still arrives: the page's cursor was taken before it.
  const other = await registerInNewContext(browser, uniqueName('booted'));
  await send(other.page, 'general', `${name} after the reload`);
  await expect(messages(page).getByText(`${name} after the reload`)).toBeVisible();

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
