import { expect, test } from '@playwright/test';
import {
  composer,
  messages,
  registerInNewContext,
  seedChannel,
  uniqueName,
  waitLive,
} from '../support/journeys.js';

// The virtual list takes several frames to position itself on a newly opened channel; it used to
// show an empty pane for about 100 ms on every switch. The newest rows are now drawn at once.
test('a channel switched to shows its newest messages in its very first frame, then hands over to the list', async ({
  browser,
  request,
}) => {
  const { page, context } = await registerInNewContext(browser, uniqueName('switcher'));
  await waitLive(page);
  const name = await seedChannel(request, context, 'busy', 40);
  // Visit once so the switch back is served from the cache, as most switches are.
  await page.getByRole('link', { name }).click();
  await expect(messages(page).filter({ hasText: 'busy line 40' })).toBeVisible();
  await page.getByRole('link', { name: 'general' }).click();
  await expect(composer(page, 'general')).toBeVisible();

  const firstFrames = await page.evaluate(async (channel) => {
    document.querySelector<HTMLElement>(`a[href="/c/${channel}"]`)!.click();
    // The first frame in which the channel's view is there at all (navigation renders in a transition).
    for (let i = 0; i < 120 && !document.querySelector(`[aria-label="Message #${channel}"]`); i++) {
      await new Promise((r) => requestAnimationFrame(r));
    }
    const newest = document.querySelector('article[data-seq="40"]');
    const pane = document.querySelector('.message-list')!.getBoundingClientRect();
    return {
      newestShown: newest !== null,
      newestAtBottom: newest ? Math.abs(newest.getBoundingClientRect().bottom - pane.bottom) < 2 : false,
    };
  }, name);
  expect(firstFrames).toMatchObject({ newestShown: true, newestAtBottom: true });

  // Then the preview is gone: each message once, the newest at the bottom of the real list.
  await expect(page.locator('.message-tail')).toHaveCount(0);
  await expect(page.getByTestId('message-preview')).toHaveCount(0);
  await expect(messages(page).filter({ hasText: /busy line 40$/ })).toHaveCount(1);
  const row = await messages(page)
    .filter({ hasText: /busy line 40$/ })
    .boundingBox();
  const list = await page.locator('.message-list').boundingBox();
  expect(Math.abs(row!.y + row!.height - (list!.y + list!.height))).toBeLessThan(2);
  await context.close();
});
