import { expect, test, type Page } from '@playwright/test';
import { registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
import { readable, setUpEncryption } from '../support/encryption.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;
const title = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const box = (page: Page, channel: string) => page.getByRole('textbox', { name: `Message #${channel}` });

async function search(page: Page, text: string) {
  const input = page.getByRole('searchbox', { name: 'Search messages' });
  await input.fill(text);
  await input.press('Enter');
}

test('search finds messages of an encrypted channel in the browser, beside plain ones, and jumps to them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const [aliceName, bobName] = ['alice', 'bob'].map(uniqueName);
  const alice = await registerInNewContext(browser, aliceName!);
  const bob = await registerInNewContext(browser, bobName!);
  await setUpEncryption(alice.page, 'alice passphrase 1');
  await setUpEncryption(bob.page, 'bob passphrase 22');

  // Alice makes an encrypted channel with Bob and says things there and in #general.
  const room = uniqueName('legal');
  await alice.page.getByRole('link', { name: 'general' }).click();
  await alice.page.getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByLabel('Name').fill(room);
  await alice.page.getByLabel(/End-to-end encrypted/).check();
  await alice.page.getByRole('button', { name: 'Create channel' }).click();
  await expect(box(alice.page, room)).toBeVisible();
  await alice.page.getByRole('button', { name: /^Members/ }).click();
  await alice.page.getByLabel('Find someone to add').fill(bobName!);
  await alice.page.getByLabel('Person to add').selectOption({ label: `${title(bobName!)} (@${bobName})` });
  await alice.page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(alice.page.locator('.member-list li').filter({ hasText: `@${bobName}` })).toBeVisible();
  const tag = uniqueName('globex');
  await send(alice.page, room, `The acquisition of ${tag} closes Friday, keep it quiet`);
  await expect(readable(alice.page, 'acquisition')).toHaveCount(1);
  await alice.page.getByRole('link', { name: 'general' }).click();
  await send(alice.page, 'general', `Lunch with the ${tag} people on Monday`);
  await expect(alice.page.getByTestId('message').filter({ hasText: 'Lunch with' })).toBeVisible();

  // Bob never opens the channel: his browser indexes its history in the background.
  await bob.page.goto('/search');
  await waitLive(bob.page);
  await search(bob.page, 'acquisit');
  const results = bob.page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(results).toHaveCount(1, { timeout: 30_000 });
  await expect(results.first()).toContainText(`#${room}`);
  await expect(results.first().locator('mark')).toHaveText('acquisit');
  const note = bob.page.locator('.search-index-note');
  await expect(note).toContainText(new RegExp(`#${room}: indexed back to`));

  // A word said in both: one list, the encrypted result marked as found in this browser.
  await search(bob.page, tag);
  await expect(results).toHaveCount(2, { timeout: 20_000 });
  await expect(results.filter({ hasText: '#general' })).toContainText('Lunch with');
  const sealed = results.filter({ hasText: `#${room}` });
  await expect(sealed.getByTitle('End-to-end encrypted: found in this browser')).toHaveCount(1);
  // Filters apply locally too: from: and in:.
  await search(bob.page, `${tag} in:#${room}`);
  await expect(results).toHaveCount(1);
  await search(bob.page, `${tag} -quiet`);
  await expect(results).toHaveCount(1);
  await expect(results.first()).toContainText('#general');

  await search(bob.page, tag);
  await expect(results).toHaveCount(2);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/encrypted-search-light.png` });
  await bob.page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/encrypted-search-dark.png` });
  await bob.page.emulateMedia({ colorScheme: 'light' });
  await bob.page.setViewportSize({ width: 390, height: 800 });
  // A phone opens the page at its width, the sidebar closed.
  await bob.page.reload();
  await expect(results).toHaveCount(2, { timeout: 20_000 });
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/encrypted-search-phone.png` });
  await bob.page.setViewportSize({ width: 1280, height: 800 });

  // The encrypted result opens the message in its channel, decrypted.
  await results.filter({ hasText: `#${room}` }).click();
  await expect(bob.page).toHaveURL(new RegExp(`/c/${room}/m/`));
  await expect(readable(bob.page, `acquisition of ${tag}`)).toHaveCount(1);

  // Locking the browser deletes the index, and the page says why encrypted channels are not searched.
  await bob.page.goto(`/search?q=${encodeURIComponent(tag)}`);
  await expect(results).toHaveCount(2);
  await bob.page.goto('/settings/encryption');
  await bob.page.getByRole('button', { name: /Lock this browser/ }).click();
  await expect(bob.page.getByRole('button', { name: /Lock this browser/ })).toHaveCount(0);
  await bob.page.goto(`/search?q=${encodeURIComponent(tag)}`);
  await expect(results).toHaveCount(1);
  await expect(bob.page.locator('.search-index-note')).toContainText('Unlock encryption');
  const databases = await bob.page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(databases).not.toContain('parley-search');
  await alice.context.close();
  await bob.context.close();
});
