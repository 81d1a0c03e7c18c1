import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../support/history.js';
import { registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';

const rows = (page: Page) => page.locator('.channel-main .message-list').getByTestId('message');
const line = (page: Page, text: string) => rows(page).filter({ hasText: new RegExp(`${text}$`) });
const newLine = (page: Page) => page.locator('.message-list .new-line');

// A channel opened with 300 unread used to land on the newest message, 300 rows below the
// "New messages" line, with no way back up to it but scrolling.
test('a channel with 300 unread opens at the first unread, with jumps to the latest and back', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const asAlice = await apiAs(request, alice.context);
  const asBob = await apiAs(request, bob.context);
  const name = uniqueName('busy');
  const { channel } = await asAlice.post('/channels', { name, kind: 'public' });
  await asAlice.postLines(channel.id, 'read', 1, 40);
  await asBob.post(`/channels/${channel.id}/join`);
  await asBob.post(`/channels/${channel.id}/read`, { seq: 40 });
  await asAlice.postLines(channel.id, 'unread', 1, 300);

  const { page } = bob;
  await page.getByRole('link', { name }).click();
  // The "New messages" line opens near the top, above the first unread, with what was read above it.
  await expect(newLine(page)).toBeInViewport();
  await expect(line(page, 'unread line 1')).toBeInViewport();
  const list = (await page.locator('.channel-main .message-list').boundingBox())!;
  const marker = (await newLine(page).boundingBox())!;
  expect(marker.y - list.y).toBeLessThan(list.height / 3);
  await expect(line(page, 'unread line 300')).toHaveCount(0);
  // Opening reads the whole channel, as in Slack: no badge stays for the part not loaded yet.
  await expect(page.getByRole('link', { name })).not.toHaveClass(/unread/);

  // Jump to latest: a floating button, counting what is below.
  const jumpLatest = page.getByRole('button', { name: /Jump to latest/ });
  await expect(jumpLatest).toContainText(/\d+\+? new/);
  await expect(page.getByRole('button', { name: /Jump to first unread/ })).toHaveCount(0);
  await jumpLatest.click();
  await expect(line(page, 'unread line 300')).toBeInViewport();
  await expect(jumpLatest).toHaveCount(0);

  // Now the first unread is far above: a bar at the top jumps back to it.
  const jumpUnread = page.getByRole('button', { name: /Jump to first unread/ });
  await expect(jumpUnread).toContainText('300 new messages');
  // Scrolled up a little, both jumps show; neither has a serious accessibility fault, light or dark.
  // Once the list shows its rows: while it still places itself, it scrolls back to its end.
  await expect(page.locator('.message-tail')).toHaveCount(0);
  await page.locator('.channel-main .message-list').hover();
  await page.mouse.wheel(0, -600);
  await expect(page.getByRole('button', { name: /Jump to latest/ })).toBeVisible();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const axe = await new AxeBuilder({ page }).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await jumpUnread.click();
  await expect(newLine(page)).toBeInViewport();
  await expect(line(page, 'unread line 1')).toBeInViewport();

  // A message sent meanwhile is not appended to this window as if it followed; scrolling down loads
  // the newer pages in order and reaches it at the end.
  await asAlice.postLines(channel.id, 'live', 1, 1);
  await page.waitForTimeout(500);
  await expect(line(page, 'live line 1')).toHaveCount(0);
  await page.locator('.channel-main .message-list').hover();
  for (let i = 0; i < 80 && (await line(page, 'live line 1').count()) === 0; i++) {
    await page.mouse.wheel(0, 2500);
    await page.waitForTimeout(150);
  }
  // Loaded just below the fold is reached by scrolling on, as a reader would. The list may unmount a
  // row it drew beyond the fold while it measures, so scroll by wheel rather than by the element.
  await expect(async () => {
    await page.mouse.wheel(0, 600);
    await expect(line(page, 'live line 1')).toBeInViewport({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const seqs = await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
  expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
  await expect(page.getByRole('button', { name: /Jump to latest/ })).toHaveCount(0);
  await asAlice.postLines(channel.id, 'live', 2, 2);
  await expect(line(page, 'live line 2')).toBeInViewport();
  await alice.context.close();
  await bob.context.close();
});
