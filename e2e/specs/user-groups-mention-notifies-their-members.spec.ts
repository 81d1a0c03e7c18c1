import { type Browser, expect as baseExpect, test } from '@playwright/test';
import { composer, PASSWORD, uniqueName } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;
// Three browsers on a busy machine: the first screen may take longer than the usual ten seconds.
const SLOW = { timeout: 60_000 };
const expect = baseExpect.configure(SLOW);

async function registerInNewContext(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/register');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Display name').fill(username[0]!.toUpperCase() + username.slice(1));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(composer(page, 'general')).toBeVisible(SLOW);
  return { context, page };
}
const waitLive = (page: import('@playwright/test').Page) =>
  expect(page.locator('[data-connection-state]').first()).toHaveAttribute(
    'data-connection-state',
    'live',
    SLOW,
  );

test('a user group made by one person is mentioned by another through @, and its member is notified', async ({
  browser,
}) => {
  test.setTimeout(400_000);
  const bobName = uniqueName('bob');
  const handle = uniqueName('design');
  const dana = await registerInNewContext(browser, uniqueName('dana'));
  const bob = await registerInNewContext(browser, bobName);
  const carol = await registerInNewContext(browser, uniqueName('carol'));
  await Promise.all([waitLive(dana.page), waitLive(bob.page), waitLive(carol.page)]);

  // Dana makes @design with Bob in it, from the account menu's People & user groups.
  await dana.page.getByRole('button', { name: 'Account menu' }).click();
  await dana.page.getByRole('menuitem', { name: 'People & user groups' }).click();
  await expect(dana.page.getByRole('heading', { name: 'User groups', exact: true })).toBeVisible();
  await dana.page.getByRole('button', { name: 'Create group' }).click();
  const dialog = dana.page.getByRole('dialog', { name: 'Create a user group' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await dialog.getByLabel('Name').fill('Design team');
  await dialog.getByLabel('Handle').fill(handle);
  await dialog.getByLabel('Description (optional)').fill('Everyone who draws the screens');
  await dialog.getByRole('searchbox', { name: 'Find people to add' }).fill(bobName);
  const bobDisplay = `${bobName[0]!.toUpperCase()}${bobName.slice(1)}`;
  await dialog.getByRole('button', { name: `Add ${bobDisplay}` }).click();
  await expect(dialog.getByRole('list', { name: 'Members' })).toContainText(`@${bobName}`);
  expect(await seriousViolations(dana.page)).toEqual([]);
  if (SHOTS) await dana.page.screenshot({ path: `${SHOTS}/groups-dialog.png` });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const item = dana.page
    .getByRole('list', { name: 'User groups' })
    .getByRole('listitem')
    .filter({
      hasText: `@${handle}`,
    });
  await expect(item).toContainText('1 member');
  await expect(item).toContainText(bobDisplay);
  expect(await seriousViolations(dana.page)).toEqual([]);
  if (SHOTS) await dana.page.screenshot({ path: `${SHOTS}/groups-page.png` });
  await dana.page.emulateMedia({ colorScheme: 'dark' });
  if (SHOTS) await dana.page.screenshot({ path: `${SHOTS}/groups-page-dark.png` });
  await dana.page.emulateMedia({ colorScheme: 'light' });

  // Carol, who had the app open before the group existed, finds it through @ (its member count beside it).
  const box = composer(carol.page, 'general');
  await box.click();
  await box.pressSequentially(`design review @${handle.slice(0, -2)}`);
  const option = carol.page
    .getByRole('listbox', { name: 'People to mention' })
    .getByRole('option')
    .filter({ hasText: 'Design team' });
  await expect(option).toContainText('1 person');
  expect(await seriousViolations(carol.page)).toEqual([]);
  if (SHOTS) await carol.page.screenshot({ path: `${SHOTS}/groups-autocomplete.png` });
  await option.click();
  await expect(box).toHaveValue(`design review @${handle} `);
  await box.pressSequentially('at three');
  await box.press('Enter');

  // Carol sees the chip with the group's name, not her own.
  const carolRow = carol.page.getByTestId('message').filter({ hasText: 'at three' });
  await expect(carolRow.locator('.mention-group')).toHaveText('@Design team');
  await expect(carolRow.locator('.mention-self')).toHaveCount(0);

  // Bob, in the group, sees his own group highlighted, and the Mentions view lists the message.
  const bobRow = bob.page.getByTestId('message').filter({ hasText: 'at three' });
  await expect(bobRow.locator('.mention-self.mention-group')).toHaveText('@Design team');
  await bob.page.getByRole('link', { name: 'Mentions' }).click();
  const card = bob.page.getByRole('list', { name: 'Mentions' }).getByRole('link').first();
  await expect(card).toContainText('at three');

  // Dana, not in the group, is not mentioned.
  await dana.page.getByRole('link', { name: 'Mentions' }).click();
  await expect(dana.page.getByText('at three')).toHaveCount(0);

  // On a phone, the groups page reads in one column.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 800 },
    storageState: await bob.context.storageState(),
  });
  const phonePage = await phone.newPage();
  await phonePage.goto('/groups');
  await expect(phonePage.getByRole('list', { name: 'User groups' })).toContainText(`@${handle}`);
  await expect(phonePage.getByText('You’re in it')).toBeVisible();
  expect(await seriousViolations(phonePage)).toEqual([]);
  if (SHOTS) await phonePage.screenshot({ path: `${SHOTS}/groups-phone.png` });
  await phone.close();
  for (const who of [dana, bob, carol]) await who.context.close();
});
