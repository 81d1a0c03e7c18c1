import { expect, test, type Page } from '@playwright/test';
import {
  messages,
  registerInNewContext,
  seedChannel,
  send,
  uniqueName,
  waitLive,
} from '../support/journeys.js';

/** How far the list's end is below what it shows, in pixels. */
const gapBelow = (page: Page) =>
  page
    .locator('.message-list')
    .evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

// Under load a channel could end up rows above its newest message: rows that grew after they were
// measured, or a banner that shrank the window, left it "not at the bottom", and new messages then
// arrived below the fold without being drawn. A list opened at its end now stays there until the
// reader scrolls away.
test('a channel stays at its newest message while the window shrinks and its rows grow, until the reader scrolls up', async ({
  browser,
  request,
}) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const room = await seedChannel(request, alice.context, 'tall', 60);
  await alice.page.goto(`/c/${room}`);
  await bob.page.goto(`/c/${room}`);
  await bob.page.getByRole('button', { name: `Join #${room}` }).click();
  await expect(messages(alice.page).filter({ hasText: 'tall line 60' })).toBeVisible();

  // The window gets shorter, then a row above the end grows by a lot (as a picture or code would).
  await alice.page.setViewportSize({ width: 1280, height: 420 });
  await alice.page
    .getByTestId('message')
    .filter({ hasText: 'tall line 58' })
    .evaluate((row) => (row.style.paddingBottom = '300px'));
  await expect.poll(() => gapBelow(alice.page)).toBeLessThan(2);

  await send(bob.page, room, 'still following along');
  await expect(messages(alice.page).filter({ hasText: 'still following along' })).toBeInViewport();

  // Scrolled up by the reader, the list stays where they put it and offers the way back.
  await alice.page.locator('.message-list').hover();
  await alice.page.mouse.wheel(0, -600);
  await expect.poll(() => gapBelow(alice.page)).toBeGreaterThan(300);
  await send(bob.page, room, 'while you were reading');
  await expect(alice.page.getByRole('button', { name: /Jump to latest/ })).toBeVisible();
  expect(await gapBelow(alice.page)).toBeGreaterThan(300);
  await alice.context.close();
  await bob.context.close();
});
