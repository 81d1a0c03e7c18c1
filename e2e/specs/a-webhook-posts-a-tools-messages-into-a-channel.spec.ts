import { expect, test, type Page } from '@playwright/test';
import { OWNER } from '../support/global-setup.js';
import {
  composer,
  messages,
  registerInNewContext,
  signIn,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

/** A write through the API as the page's signed-in person (its request shares the page's cookies). */
async function post(page: Page, path: string, data?: unknown) {
  const res = await page.request.post(`/api/v1${path}`, { headers: { 'x-parley-csrf': '1' }, data });
  return res.json();
}

test('a webhook added to a channel posts a tool’s messages there, live, until it is removed', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bobName = uniqueName('bob');
  const bob = await registerInNewContext(browser, bobName);
  await bob.page.emulateMedia({ colorScheme: 'dark' });
  const channel = uniqueName('deploys');
  const { channel: made } = await post(alice.page, '/channels', { name: channel, kind: 'public' });
  await post(bob.page, `/channels/${made.id}/join`);
  for (const { page } of [alice, bob]) {
    await page.goto(`/c/${channel}`);
    await waitLive(page);
  }

  // Alice adds a webhook from the channel's menu; its URL is shown once, with a command to try it.
  await alice.page.getByRole('button', { name: 'Channel actions' }).click();
  await alice.page.getByRole('menuitem', { name: /^Webhooks/ }).click();
  const dialog = alice.page.getByRole('dialog', { name: `Webhooks in #${channel}` });
  await expect(dialog.getByRole('region', { name: 'Incoming webhooks' }).getByText('None yet')).toBeVisible();
  const incoming = dialog.getByRole('region', { name: 'Incoming webhooks' });
  await expect(incoming.getByLabel('Name')).toBeFocused();
  await incoming.getByLabel('Name').fill('CI');
  await dialog.getByRole('button', { name: 'Add webhook' }).click();
  const urlBox = dialog.getByRole('textbox', { name: 'Webhook URL' });
  await expect(urlBox).toHaveValue(/\/api\/v1\/hooks\/[A-Za-z0-9_-]{43}$/);
  const url = await urlBox.inputValue();
  await expect(dialog.getByText(/curl -X POST/)).toContainText(url);
  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/webhook-added.png` });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A tool posts with no session, as CI would; both see it under the webhook's name, marked App.
  const tool = await playwright.request.newContext();
  const posted = await tool.post(url, { data: { text: 'Build **42** passed on `main`' } });
  expect(posted.status()).toBe(200);
  for (const { page } of [alice, bob]) {
    const row = messages(page).filter({ hasText: 'Build 42 passed' });
    await expect(row.locator('.message-author')).toHaveText('CI');
    await expect(row.locator('.badge-app')).toHaveText('App');
    await expect(row.locator('strong')).toHaveText('42');
  }
  // Slack's form body, under another name for this one message.
  const form = await tool.post(url, {
    form: { payload: JSON.stringify({ text: 'Deployed v2.3 to production', username: 'Release' }) },
  });
  expect(form.status()).toBe(200);
  const release = messages(bob.page).filter({ hasText: 'Deployed v2.3' });
  await expect(release.locator('.message-author')).toHaveText('Release');
  await expect(release.getByRole('button', { name: 'Edit message' })).toHaveCount(0);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/webhook-messages-dark.png` });

  // On a phone, dark, the messages read the same.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
  const bobPhone = await phone.newPage();
  await signIn(bobPhone, bobName);
  await bobPhone.goto(`/c/${channel}`);
  await expect(messages(bobPhone).filter({ hasText: 'Deployed v2.3' }).locator('.badge-app')).toBeVisible();
  if (SHOTS) await bobPhone.screenshot({ path: `${SHOTS}/webhook-messages-phone.png` });
  // Bob sees Alice's webhook in the list, and no way to remove it.
  await bobPhone.getByRole('button', { name: 'Channel actions' }).click();
  await bobPhone.getByRole('menuitem', { name: /^Webhooks/ }).click();
  const onPhone = bobPhone.getByRole('dialog', { name: `Webhooks in #${channel}` });
  await expect(onPhone.getByRole('listitem').filter({ hasText: 'CI' })).toContainText('last posted');
  await expect(onPhone.getByRole('button', { name: 'Remove CI' })).toHaveCount(0);
  expect(await seriousViolations(bobPhone)).toEqual([]);
  if (SHOTS) await bobPhone.screenshot({ path: `${SHOTS}/webhook-dialog-phone.png` });
  await phone.close();

  // The owner sees every webhook in Administration.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, OWNER.username, OWNER.password);
  await owner.goto('/admin');
  const section = owner.getByRole('region', { name: 'Webhooks' });
  await expect(section.getByText(`in #${channel}`)).toBeVisible();
  await expect(section.getByRole('button', { name: `Remove CI in #${channel}` })).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/webhook-admin.png` });
  await ownerContext.close();

  // Alice sees when it last posted and, as if the URL had leaked, gives it a new one: the old stops.
  await alice.page.getByRole('button', { name: 'Channel actions' }).click();
  await alice.page.getByRole('menuitem', { name: /^Webhooks/ }).click();
  const item = dialog.getByRole('listitem').filter({ hasText: 'CI' });
  await expect(item).toContainText('Added by you · last posted');
  await item.getByRole('button', { name: 'New URL for CI' }).click();
  const renew = alice.page.getByRole('dialog', { name: 'Give “CI” a new URL?' });
  await renew.getByRole('button', { name: 'Make a new URL' }).click();
  await expect(dialog.getByText('has a new URL')).toBeVisible();
  const newUrl = await urlBox.inputValue();
  expect(newUrl).not.toBe(url);
  expect((await tool.post(url, { data: { text: 'old URL' } })).status()).toBe(404);
  expect((await tool.post(newUrl, { data: { text: 'Build 43 passed' } })).status()).toBe(200);
  await expect(messages(bob.page).filter({ hasText: 'Build 43 passed' })).toBeVisible();
  expect(await seriousViolations(alice.page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Then removes it after a question; its URL stops at once.
  await alice.page.getByRole('button', { name: 'Channel actions' }).click();
  await alice.page.getByRole('menuitem', { name: /^Webhooks/ }).click();
  await item.getByRole('button', { name: 'Remove CI' }).click();
  const ask = alice.page.getByRole('dialog', { name: 'Remove “CI”?' });
  await expect(ask).toContainText('Tools using its URL will get an error from now on.');
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/webhook-remove.png` });
  await ask.getByRole('button', { name: 'Remove webhook' }).click();
  await expect(dialog.getByRole('region', { name: 'Incoming webhooks' }).getByText('None yet')).toBeVisible();
  const refused = await tool.post(newUrl, { data: { text: 'too late' } });
  expect(refused.status()).toBe(404);
  await expect(composer(alice.page, channel)).toBeVisible();
  await tool.dispose();
  await alice.context.close();
  await bob.context.close();
});
