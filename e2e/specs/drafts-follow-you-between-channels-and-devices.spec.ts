import { expect, test, type Page } from '@playwright/test';
import {
  composer,
  PASSWORD,
  registerInNewContext,
  seedChannel,
  sidebar,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { setUpEncryption } from '../support/encryption.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

async function signIn(page: Page, username: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(composer(page, 'general')).toBeVisible();
}

test('a draft stays when switching channels, follows the person to their other device, and goes when sent', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const aliceName = uniqueName('alice');
  const laptop = await registerInNewContext(browser, aliceName);
  await waitLive(laptop.page);
  const notes = await seedChannel(request, laptop.context, 'notes', 1);
  await laptop.page.reload();

  // The composer text lost when switching channels: typed, away, back, still there with its line break.
  const box = composer(laptop.page, 'general');
  await box.click();
  await box.pressSequentially('line 1');
  await box.press('Shift+Enter');
  await box.pressSequentially('line 2');
  await laptop.page.getByRole('link', { name: notes }).click();
  await expect(composer(laptop.page, notes)).toBeVisible();
  await expect(laptop.page.getByRole('link', { name: /general.*has a draft/ })).toBeVisible();
  await laptop.page.getByRole('link', { name: /^# general/ }).click();
  await expect(box).toHaveValue('line 1\nline 2');

  // The phone: another sign-in, the draft listed and opened where it was typed.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const phone = await phoneContext.newPage();
  await signIn(phone, aliceName);
  await phone.goto('/drafts');
  const card = phone.locator('.draft-card').filter({ hasText: '#general' });
  await expect(card).toContainText('line 1\nline 2');
  expect(await seriousViolations(phone)).toEqual([]);
  if (SHOTS) await phone.screenshot({ path: `${SHOTS}/drafts-phone.png` });
  await card.getByRole('link').click();
  await expect(composer(phone, 'general')).toHaveValue('line 1\nline 2');

  // Sent from the phone: gone from the laptop's sidebar and Drafts view, live.
  await composer(phone, 'general').press('End');
  await composer(phone, 'general').press('Enter');
  await expect(phone.getByTestId('message').filter({ hasText: 'line 2' }).last()).toBeVisible();
  await laptop.page.getByRole('link', { name: /Drafts/ }).click();
  await expect(laptop.page.getByText('No drafts')).toBeVisible();
  await expect(laptop.page.getByRole('link', { name: /general.*has a draft/ })).toHaveCount(0);
  if (SHOTS) await laptop.page.screenshot({ path: `${SHOTS}/drafts-empty.png` });

  // A thread draft is its own, and the Drafts view says where it is; deleting it there clears it.
  await laptop.page.getByRole('link', { name: notes }).click();
  const root = laptop.page.getByTestId('message').filter({ hasText: 'notes line 1' });
  await root.hover();
  await root.getByRole('button', { name: 'Reply in thread' }).click();
  await laptop.page.getByRole('textbox', { name: 'Reply in thread' }).fill('thinking about it');
  await laptop.page.getByRole('link', { name: /Drafts/ }).click();
  const threadCard = laptop.page.locator('.draft-card').filter({ hasText: `Thread in #${notes}` });
  await expect(threadCard).toContainText('thinking about it');
  await laptop.page.emulateMedia({ colorScheme: 'dark' });
  if (SHOTS) await laptop.page.screenshot({ path: `${SHOTS}/drafts-dark.png` });
  await laptop.page.emulateMedia({ colorScheme: 'light' });
  expect(await seriousViolations(laptop.page)).toEqual([]);
  await threadCard.getByRole('button', { name: /Delete draft/ }).click();
  await expect(laptop.page.getByText('No drafts')).toBeVisible();
  await phone.goto('/drafts');
  await expect(phone.getByText('No drafts')).toBeVisible();
  await phoneContext.close();
  await laptop.context.close();
});

test('a draft in an encrypted channel is sealed before it leaves the browser', async ({ browser }) => {
  test.setTimeout(180_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  await setUpEncryption(alice.page, 'alice passphrase 1');
  const room = uniqueName('sealed');
  await alice.page.getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByLabel('Name').fill(room);
  await alice.page.getByLabel(/End-to-end encrypted/).check();
  await alice.page.getByRole('button', { name: 'Create channel' }).click();
  await composer(alice.page, room).fill('the merger closes friday');
  await expect
    .poll(async () => (await alice.page.request.get('/api/v1/drafts')).json(), { timeout: 10_000 })
    .toMatchObject({ drafts: [{ body: null, encrypted: { v: 1 } }] });
  const stored = JSON.stringify(await (await alice.page.request.get('/api/v1/drafts')).json());
  expect(stored).not.toContain('merger');
  await sidebar(alice.page)
    .getByRole('link', { name: /general/ })
    .click();
  await alice.page.getByRole('link', { name: /Drafts/ }).click();
  await expect(alice.page.locator('.draft-card')).toContainText('the merger closes friday');
  await alice.page.locator('.draft-card').getByRole('link').click();
  await expect(composer(alice.page, room)).toHaveValue('the merger closes friday');
  await alice.context.close();
});
