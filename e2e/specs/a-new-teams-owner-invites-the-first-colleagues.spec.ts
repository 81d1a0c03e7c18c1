import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { freePort, spawnParley } from '../support/parley-process.js';
import { composer, PASSWORD, register, sidebar, waitLive } from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS;
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Invite people to Parley' });

test('a new team’s owner, alone in #general, invites the first colleagues with the sign-up link and then by invite', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // An instance of its own: the journeys' shared one has many people, and this one starts empty.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-first-day-'));
  const node = await spawnParley(await freePort(), { DATA_DIR: dataDir });
  try {
    const owner = await browser.newContext({
      baseURL: node.url,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await owner.newPage();
    await register(page, 'olivia');
    await waitLive(page);

    // Alone in #general, the owner is offered to invite people, as Slack does on a new workspace.
    const alone = page.getByTestId('invite-offer');
    await expect(alone).toContainText('You are the only one here so far.');
    await alone.getByRole('button', { name: 'Invite people' }).click();
    await expect(dialog(page)).toContainText('Anyone with this link can create an account');
    await expect(dialog(page).getByRole('textbox', { name: 'Sign-up link' })).toHaveValue(
      `${node.url}/register`,
    );
    await dialog(page).getByRole('button', { name: /Copy/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${node.url}/register`);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/invite-open.png` });

    // The first colleague signs up with that link and shows up live; the offer goes away.
    const bob = await browser.newContext({ baseURL: node.url, colorScheme: 'dark' });
    const bobPage = await bob.newPage();
    await register(bobPage, 'bob');
    await expect(page.getByTestId('system-line').filter({ hasText: 'Bob' })).toHaveCount(1);
    await expect(alone).toHaveCount(0);

    // From here on, only invited people: the dialog sends the owner to Administration to say so.
    await dialog(page).getByRole('link', { name: 'Administration' }).click();
    await page.getByLabel(/Invite-only/).check();
    await sidebar(page).getByRole('button', { name: 'Invite people' }).click();
    await expect(dialog(page)).toContainText('Registration here is invite-only');
    await dialog(page)
      .getByRole('combobox', { name: 'Who can use it' })
      .selectOption({ label: 'One person' });
    await dialog(page).getByRole('button', { name: 'Create invite link' }).click();
    const link = await dialog(page).getByRole('textbox', { name: 'Invite link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${node.url}/invite/[\\w-]+$`));
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/invite-link.png` });

    // A member who is not an admin is told whom to ask.
    await sidebar(bobPage).getByRole('button', { name: 'Invite people' }).click();
    await expect(dialog(bobPage)).toContainText('Only owners and admins can invite people here');
    expect(await seriousViolations(bobPage)).toEqual([]);
    if (SHOTS) await bobPage.screenshot({ path: `${SHOTS}/invite-member-dark.png` });
    await dialog(bobPage).getByRole('button', { name: 'OK' }).click();
    await expect(dialog(bobPage)).toHaveCount(0);

    // The link lets one person in, once.
    const cara = await browser.newContext({ baseURL: node.url, viewport: { width: 390, height: 844 } });
    const caraPage = await cara.newPage();
    await caraPage.goto(new URL(link).pathname);
    await caraPage.getByLabel('Username').fill('cara');
    await caraPage.getByLabel('Display name').fill('Cara');
    await caraPage.getByLabel('Password').fill(PASSWORD);
    await caraPage.getByRole('button', { name: 'Create account' }).click();
    await expect(composer(caraPage, 'general')).toBeVisible();
    const late = await browser.newPage({ baseURL: node.url });
    await late.goto(new URL(link).pathname);
    await expect(late.getByRole('heading', { name: 'This invite does not work' })).toBeVisible();
    await Promise.all([owner.close(), bob.close(), cara.close(), late.close()]);
  } finally {
    await node.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
