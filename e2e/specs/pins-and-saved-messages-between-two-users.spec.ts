import { expect, test } from '@playwright/test';
import { registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

test('a pin shows live for everyone and in the header list; a save is private and reaches the saver’s other tab', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const text = `the launch checklist ${uniqueName('v')}`;
  await send(alice.page, 'general', text);

  // Alice pins it; Bob sees who pinned it, live, and finds it in the header's list.
  const row = (page: typeof alice.page) => page.getByTestId('message').filter({ hasText: text });
  await row(alice.page).hover();
  await row(alice.page).getByRole('button', { name: 'Pin to channel' }).click();
  await expect(row(bob.page).locator('.pinned-mark')).toContainText('Pinned by Alice');
  await bob.page.getByRole('button', { name: 'Pinned messages' }).click();
  const list = bob.page.getByRole('region', { name: 'Pinned messages' });
  await expect(list.getByRole('link').first()).toContainText(text);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/pins-list.png` });
  await bob.page.keyboard.press('Escape');

  // Bob saves it; his second tab lists it under Saved, Alice's Saved stays empty.
  const second = await bob.context.newPage();
  await second.goto('/saved');
  await expect(second.getByText('Nothing saved')).toBeVisible();
  await row(bob.page).hover();
  await row(bob.page).getByRole('button', { name: 'Save for later' }).click();
  await expect(second.getByRole('list', { name: 'Saved messages' })).toContainText(text);
  await second.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(second)).toEqual([]);
  if (SHOTS) await second.screenshot({ path: `${SHOTS}/saved-dark.png` });
  await alice.page.goto('/saved');
  await expect(alice.page.getByText('Nothing saved')).toBeVisible();

  // Unpinned by Bob: the mark goes for Alice too.
  await bob.page.getByRole('link', { name: /^# general/ }).click();
  await row(bob.page).hover();
  await row(bob.page).getByRole('button', { name: 'Unpin from channel' }).click();
  await alice.page.getByRole('link', { name: /^# general/ }).click();
  await expect(row(alice.page)).toBeVisible();
  await expect(row(alice.page).locator('.pinned-mark')).toHaveCount(0);
  await alice.context.close();
  await bob.context.close();
});
