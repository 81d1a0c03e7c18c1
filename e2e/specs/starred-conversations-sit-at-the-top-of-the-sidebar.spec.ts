import { expect, test, type Page } from '@playwright/test';
import { registerInNewContext, sidebar, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const section = (page: Page, name: string) => sidebar(page).getByRole('region', { name });

test('a conversation starred in one tab moves to Starred in every tab, and back when the star is taken away', async ({
  browser,
}) => {
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const aliceName = await alice.page.evaluate(
    async () => (await (await fetch('/api/v1/auth/session')).json()).user.displayName as string,
  );
  // Bob on his phone too, in the dark.
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
    storageState: await bob.context.storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto('/c/general');
  await Promise.all([waitLive(bob.page), waitLive(phone)]);

  // Nothing starred yet: no Starred section, and the star in the header is off.
  await expect(section(bob.page, 'Starred')).toHaveCount(0);
  const star = bob.page.getByRole('button', { name: 'Starred' });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(section(bob.page, 'Starred').getByRole('link', { name: 'general' })).toBeVisible();
  await expect(section(bob.page, 'Channels').getByRole('link', { name: 'general' })).toHaveCount(0);
  // Alice's sidebar is her own.
  await expect(section(alice.page, 'Starred')).toHaveCount(0);

  // Bob's phone hears it without a reload.
  await phone.getByRole('button', { name: 'Open sidebar' }).click();
  await expect(section(phone, 'Starred').getByRole('link', { name: 'general' })).toBeVisible();

  // A direct message can be starred too, and sits with its avatar under the channels.
  await sidebar(bob.page).getByRole('button', { name: 'New direct message' }).click();
  await bob.page.getByLabel('Find a person').fill(aliceName);
  await bob.page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(aliceName) })
    .click();
  await expect(bob.page).toHaveURL(/\/dm\//);
  await bob.page.getByRole('button', { name: 'Starred' }).click();
  const starredLinks = section(phone, 'Starred').getByRole('link');
  await expect(starredLinks).toHaveCount(2);
  await expect(starredLinks.nth(0)).toHaveAccessibleName(/general/);
  await expect(starredLinks.nth(1)).toHaveAccessibleName(new RegExp(aliceName));
  expect(await seriousViolations(bob.page)).toEqual([]);

  // On the phone the star is in the channel's actions menu; taking it away there reaches the desktop tab.
  await section(phone, 'Starred').getByRole('link', { name: 'general' }).click();
  await phone.getByRole('button', { name: 'Channel actions' }).click();
  await phone.getByRole('menuitem', { name: 'Remove from Starred' }).click();
  await expect(section(bob.page, 'Starred').getByRole('link')).toHaveCount(1);
  await expect(section(bob.page, 'Channels').getByRole('link', { name: 'general' })).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);

  // The star stays after a reload.
  await bob.page.reload();
  await expect(section(bob.page, 'Starred').getByRole('link', { name: new RegExp(aliceName) })).toBeVisible();
  await expect(bob.page.getByRole('button', { name: 'Starred' })).toHaveAttribute('aria-pressed', 'true');
});
