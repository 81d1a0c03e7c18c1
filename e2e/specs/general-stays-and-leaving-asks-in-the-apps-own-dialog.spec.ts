import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { OWNER } from '../support/global-setup.js';
import { composer, send, uniqueName, waitLive } from '../support/journeys.js';

// Regression: the owner could archive or leave #general with one native confirm().
test('the owner cannot leave or archive #general but can export its history, and leaving another channel asks in the app’s own dialog', async ({
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
  // Nothing to rename, archive or leave: its menu adds webhooks, the owner's retention and exports the history, as a JSON file.
  await send(page, 'general', `For the record ${uniqueName('')}`);
  await page.getByRole('button', { name: 'Channel actions' }).click();
  const general = page.getByRole('menu', { name: 'Channel actions' });
  await expect(general.getByRole('menuitem')).toHaveText([
    'WebhooksPost here from other tools',
    'Message retentionAs the team does',
    'Export historyA JSON file of every message',
  ]);
  const download = page.waitForEvent('download');
  await general.getByRole('menuitem', { name: /^Export history/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^parley-general-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
  expect(exported.channel.name).toBe('general');
  expect(exported.messages.some((m: { body: string | null }) => m.body?.startsWith('For the record'))).toBe(
    true,
  );

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
    'Message retentionAs the team does',
    'Export historyA JSON file of every message',
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
