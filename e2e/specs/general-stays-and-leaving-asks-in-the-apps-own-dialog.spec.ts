import { expect, test } from '@playwright/test';
import { OWNER } from '../support/global-setup.js';
import { composer, uniqueName, waitLive } from '../support/journeys.js';

// Regression: the owner could archive or leave #general with one native confirm().
test('the owner cannot leave or archive #general, and leaving another channel asks in the app’s own dialog', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  let nativeDialog = false;
  page.on('dialog', (d) => {
    nativeDialog = true;
    void d.dismiss();
  });
  await page.goto('/login');
  await page.getByLabel('Username').fill(OWNER.username);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitLive(page);
  await page.goto('/c/general');
  await waitLive(page);
  await expect(composer(page, 'general')).toBeVisible();
  // Nothing to rename, archive or leave: no actions menu at all.
  await expect(page.getByRole('button', { name: 'Channel actions' })).toHaveCount(0);

  const name = uniqueName('temp');
  await page.getByRole('button', { name: 'Create a channel' }).click();
  const create = page.getByRole('dialog', { name: 'Create a channel' });
  // The dialog's first field has focus, not its close button.
  await expect(create.getByLabel('Name')).toBeFocused();
  await create.getByLabel('Name').fill(name);
  await create.getByRole('button', { name: 'Create channel' }).click();
  await expect(composer(page, name)).toBeVisible();

  // The rarer actions wait behind one button, which the keyboard works too.
  await page.getByRole('button', { name: 'Channel actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Rename channel' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(page.getByRole('menuitem', { name: 'Leave channel' })).toBeFocused();
  await page.keyboard.press('Enter');
  const ask = page.getByRole('dialog', { name: `Leave #${name}?` });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('button', { name: 'Channel actions' })).toBeFocused();
  await expect(composer(page, name)).toBeVisible();

  await page.getByRole('button', { name: 'Channel actions' }).click();
  await page.getByRole('menuitem', { name: 'Archive channel' }).click();
  const archive = page.getByRole('dialog', { name: `Archive #${name}?` });
  await archive.getByRole('button', { name: 'Archive channel' }).click();
  await expect(page.getByText('This channel is archived.')).toBeVisible();

  await page.getByRole('button', { name: 'Channel actions' }).click();
  await expect(page.getByRole('menu', { name: 'Channel actions' }).getByRole('menuitem')).toHaveText([
    'Unarchive channel',
    'Leave channel',
  ]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Channel actions' })).toBeFocused();
  await page.getByRole('button', { name: 'Channel actions' }).click();
  await page.getByRole('menuitem', { name: 'Leave channel' }).click();
  await page
    .getByRole('dialog', { name: `Leave #${name}?` })
    .getByRole('button', { name: 'Leave channel' })
    .click();
  await expect(page.getByRole('navigation').getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  expect(nativeDialog).toBe(false);
  await context.close();
});
