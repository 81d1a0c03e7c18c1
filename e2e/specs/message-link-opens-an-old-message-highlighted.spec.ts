import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../support/history.js';
import { registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';

const rows = (page: Page) => page.locator('.channel-main .message-list').getByTestId('message');
const line = (page: Page, text: string) => rows(page).filter({ hasText: new RegExp(`${text}$`) });

// Message links used to open the channel at the bottom, and no message offered "Copy link".
test('a message link opens an old message highlighted, loading the history around it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const { page, context } = alice;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await waitLive(page);
  const api = await apiAs(request, context);
  const name = uniqueName('log');
  const { channel } = await api.post('/channels', { name, kind: 'public' });
  const sent = await api.postLines(channel.id, 'old', 1, 300);

  // "Copy link" on a message copies its address.
  await page.getByRole('link', { name }).click();
  const newest = line(page, 'old line 300');
  await newest.hover();
  await newest.getByRole('button', { name: 'Copy link' }).click();
  await expect(newest.getByRole('button', { name: 'Link copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(new URL(`/c/${name}/m/${sent[299]!.id}`, page.url()).href);

  // A link to a message 290 rows up opens it in the middle of the view, highlighted for a moment.
  await page.goto(`/c/${name}/m/${sent[9]!.id}`);
  const target = line(page, 'old line 10');
  await expect(target).toBeInViewport();
  await expect(page.locator('.message-highlight').getByTestId('message')).toHaveText(/old line 10$/);
  const list = (await page.locator('.channel-main .message-list').boundingBox())!;
  const box = (await target.boundingBox())!;
  expect(Math.abs(box.y + box.height / 2 - (list.y + list.height / 2))).toBeLessThan(list.height / 4);
  await expect(line(page, 'old line 300')).toHaveCount(0);
  await expect(page.locator('.message-highlight')).toHaveCount(0, { timeout: 5_000 });

  // From there the newest is one jump away.
  await page.getByRole('button', { name: /Jump to latest/ }).click();
  await expect(line(page, 'old line 300')).toBeInViewport();

  // A link followed inside the app, to a message already loaded, scrolls to it too.
  await page.evaluate((href) => {
    history.pushState(null, '', href);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `/c/${name}/m/${sent[279]!.id}`);
  await expect(page.locator('.message-highlight').getByTestId('message')).toHaveText(/old line 280$/);
  await expect(line(page, 'old line 280')).toBeInViewport();
  await context.close();
});
