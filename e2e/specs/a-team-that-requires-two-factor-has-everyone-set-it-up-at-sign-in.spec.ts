import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devices, expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { seriousViolations } from '../support/axe.js';
import { freePort, spawnParley } from '../support/parley-process.js';
import { PASSWORD, register, waitLive } from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-2fa';
const appCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();

/** Scans the page's setup key as an app would and enters its code; answers the recovery codes shown. */
async function finishSetup(page: Page, button = 'Turn on'): Promise<string[]> {
  const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s/g, '');
  await page.getByLabel(/6-digit code/).fill(appCode(secret));
  await page.getByRole('button', { name: button }).click();
  const list = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(list).toHaveCount(10);
  return list.allInnerTexts();
}

test('a team that requires two-factor: the owner turns it on for themselves first, then everyone without it sets it up at sign-in or sign-up', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // An instance of its own: requiring two-factor would sign out the shared instance's people.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-2fa-team-'));
  const node = await spawnParley(await freePort(), { DATA_DIR: dataDir });
  try {
    const ownerContext = await browser.newContext({ baseURL: node.url });
    const owner = await ownerContext.newPage();
    await register(owner, 'olivia');
    const bobContext = await browser.newContext({ baseURL: node.url, colorScheme: 'dark' });
    const bob = await bobContext.newPage();
    await register(bob, 'bob');
    await waitLive(bob);

    // Requiring it asks first, and an owner without it is told to turn it on for themselves.
    await owner.goto('/admin');
    const setting = owner.getByRole('region', { name: 'Two-factor authentication' });
    await setting.getByLabel('Require two-factor authentication for everyone').click();
    const ask = owner.getByRole('dialog', { name: 'Require two-factor authentication?' });
    await ask.getByRole('button', { name: 'Require it' }).click();
    await expect(ask.getByRole('alert')).toContainText(
      'Turn on two-factor authentication for yourself first',
    );
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(setting.getByLabel('Require two-factor authentication for everyone')).not.toBeChecked();

    await owner.goto('/settings/security');
    const card = owner.getByRole('region', { name: /Two-factor authentication/ });
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByLabel('Confirm your password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Continue' }).click();
    await finishSetup(owner);
    await card.getByRole('button', { name: 'Done' }).click();
    await owner.goto('/admin');
    await setting.getByLabel('Require two-factor authentication for everyone').click();
    await ask.getByRole('button', { name: 'Require it' }).click();
    await expect(ask).toHaveCount(0);
    await expect(setting.getByLabel('Require two-factor authentication for everyone')).toBeChecked();
    await expect(setting).toContainText('People without it set it up when they sign in.');
    if (SHOTS) await owner.screenshot({ path: `${SHOTS}/admin-required-light.png` });
    expect(await seriousViolations(owner)).toEqual([]);

    // Bob had not set it up: his tab is signed out at once, and signing in sets it up first.
    await expect(bob).toHaveURL(/\/login$/);
    await bob.getByLabel('Username').fill('bob');
    await bob.getByLabel('Password').fill(PASSWORD);
    await bob.getByRole('button', { name: 'Sign in' }).click();
    await expect(bob.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(bob.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    if (SHOTS) await bob.screenshot({ path: `${SHOTS}/sign-in-setup-dark.png`, fullPage: true });
    expect(await seriousViolations(bob)).toEqual([]);
    await finishSetup(bob);
    await bob.getByRole('button', { name: 'Done' }).click();
    await waitLive(bob);
    await bob.goto('/settings/security');
    const bobCard = bob.getByRole('region', { name: /Two-factor authentication/ });
    await expect(bobCard).toContainText('Your team requires it, so it stays on.');
    await expect(bobCard.getByRole('button', { name: 'Turn off' })).toHaveCount(0);

    // Carol signs up on her phone: her account sets it up before its first screen.
    const carolContext = await browser.newContext({ ...devices['Pixel 7'], baseURL: node.url });
    const carol = await carolContext.newPage();
    await carol.goto('/register');
    await carol.getByLabel('Username').fill('carol');
    await carol.getByLabel('Display name').fill('Carol');
    await carol.getByLabel('Password').fill(PASSWORD);
    await carol.getByRole('button', { name: 'Create account' }).click();
    await expect(carol.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    const codes = await finishSetup(carol);
    if (SHOTS) await carol.screenshot({ path: `${SHOTS}/sign-up-codes-phone.png`, fullPage: true });
    expect(await seriousViolations(carol)).toEqual([]);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await carol.getByRole('button', { name: 'Done' }).click();
    await waitLive(carol);

    await Promise.all([ownerContext.close(), bobContext.close(), carolContext.close()]);
  } finally {
    await node.stop();
  }
});
