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
// show an empty pane for about 100 ms on every switch, then again for about 170 ms between the
// preview and the list. The newest rows are now drawn at once, until the list shows its own.
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
    const first = {
      newestShown: newest !== null,
      newestAtBottom: newest ? Math.abs(newest.getBoundingClientRect().bottom - pane.bottom) < 2 : false,
    };
    // Then, frame by frame until the list shows its own rows: the preview stays until it does.
    let blankFrames = 0;
    for (let i = 0; i < 90; i++) {
      const list = document.querySelector<HTMLElement>('[data-testid="virtuoso-item-list"]');
      const listShown = !!list && list.style.visibility !== 'hidden';
      if (!listShown && !document.querySelector('.message-tail')) blankFrames++;
      if (listShown) break;
      await new Promise((r) => requestAnimationFrame(r));
    }
    return { ...first, blankFrames };
  }, name);
  // Regression: the preview left as soon as the rows sat at the bottom, while the list still hid them.
  expect(firstFrames).toEqual({ newestShown: true, newestAtBottom: true, blankFrames: 0 });

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
