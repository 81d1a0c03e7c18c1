import { expect, test } from '@playwright/test';
import { registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

test('a custom status shows beside the name, and the name opens a profile card with local time and Message', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const aliceName = uniqueName('alice');
  const alice = await registerInNewContext(browser, aliceName);
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);

  await alice.page.getByRole('button', { name: 'Account menu' }).click();
  await alice.page.getByRole('menuitem', { name: 'Set a status' }).click();
  const dialog = alice.page.getByRole('dialog', { name: 'Set a status' });
  await dialog.getByLabel('Emoji').fill('📅');
  await dialog.getByLabel('What are you up to?').fill('In a meeting');
  await dialog.getByRole('button', { name: 'Save status' }).click();
  await expect(dialog).toBeHidden();
  const tag = uniqueName('s');
  await send(alice.page, 'general', `back at four ${tag}`);

  const row = bob.page.getByTestId('message').filter({ hasText: tag });
  await expect(row.locator('.message-status')).toHaveText('📅');
  await row.getByRole('button', { name: aliceName[0]!.toUpperCase() + aliceName.slice(1) }).click();
  const card = bob.page.getByRole('dialog', { name: /^Profile of / });
  await expect(card).toContainText('In a meeting');
  await expect(card).toContainText(`@${aliceName}`);
  await expect(card).toContainText('local time');
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/profile-card.png` });
  await card.getByRole('button', { name: 'Message' }).click();
  await expect(bob.page).toHaveURL(new RegExp(`/dm/${aliceName}$`));
  await alice.context.close();
  await bob.context.close();
});
