import { devices, expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { OWNER } from '../support/global-setup.js';
import { seriousViolations } from '../support/axe.js';
import { PASSWORD, registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';

test.setTimeout(120_000);

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-2fa';
/** What the authenticator app shows `steps` 30-second steps from now. */
const appCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

async function passwordStep(page: Page, username: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('two-factor sign-in: turned on in Settings, then a code from the app or a recovery code signs in, and an admin can turn it off, as the security log says', async ({
  browser,
}) => {
  const name = uniqueName('tfa');
  const alice = await registerInNewContext(browser, name);
  await alice.page.goto('/settings/security');
  const card = alice.page.getByRole('region', { name: /Two-factor authentication/ });
  await card.getByRole('button', { name: 'Turn on' }).click();
  await card.getByLabel('Password').fill('not my password');
  await card.getByRole('button', { name: 'Continue' }).click();
  await expect(card.getByRole('alert')).toContainText('password');
  await card.getByLabel('Password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Continue' }).click();

  // The key the app would scan, as the page shows it for typing by hand.
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByLabel('Setup key').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await alice.page.screenshot({ path: `${SHOTS}/setup-light.png`, fullPage: true });
  expect(await seriousViolations(alice.page)).toEqual([]);
  await card.getByLabel(/6-digit code/).fill(appCode(secret));
  await card.getByRole('button', { name: 'Turn on' }).click();

  const listed = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = await listed.allInnerTexts();
  await alice.page.screenshot({ path: `${SHOTS}/recovery-codes-light.png`, fullPage: true });
  const download = alice.page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('parley-recovery-codes.txt');
  await card.getByRole('button', { name: 'Done' }).click();
  await expect(card.getByText('10 recovery codes left.')).toBeVisible();

  // Signing in again: the password, then the code the app shows now.
  await alice.context.clearCookies();
  await passwordStep(alice.page, name);
  const code = alice.page.getByLabel('Authentication code');
  await expect(code).toBeFocused();
  await alice.page.screenshot({ path: `${SHOTS}/code-step-light.png` });
  expect(await seriousViolations(alice.page)).toEqual([]);
  await code.fill('000000');
  await alice.page.getByRole('button', { name: 'Verify' }).click();
  await expect(alice.page.getByRole('alert')).toContainText('That code is not right');
  await expect(code).toHaveValue('');
  // The next step's code: the one used to turn it on cannot be used again.
  await code.fill(appCode(secret, 1));
  await alice.page.getByRole('button', { name: 'Verify' }).click();
  await waitLive(alice.page);

  // On her phone, in the dark, without the app: a recovery code, once.
  const phoneContext = await browser.newContext({ ...devices['Pixel 7'], colorScheme: 'dark' });
  const phone = await phoneContext.newPage();
  await passwordStep(phone, name);
  await phone.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await phone.getByLabel('Recovery code').fill(codes[0]!);
  await phone.screenshot({ path: `${SHOTS}/recovery-step-phone-dark.png` });
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.getByRole('button', { name: 'Verify' }).click();
  await waitLive(phone);
  await phone.goto('/settings/security');
  const phoneCard = phone.getByRole('region', { name: /Two-factor authentication/ });
  await expect(phoneCard.getByText('9 recovery codes left.')).toBeVisible();
  await phone.screenshot({ path: `${SHOTS}/settings-on-phone-dark.png`, fullPage: true });
  expect(await seriousViolations(phone)).toEqual([]);
  await phone.context().clearCookies();
  await passwordStep(phone, name);
  await phone.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await phone.getByLabel('Recovery code').fill(codes[0]!);
  await phone.getByRole('button', { name: 'Verify' }).click();
  await expect(phone.getByRole('alert')).toContainText('already used');

  // She lost both: the owner turns it off from Administration, and her password alone signs in.
  const ownerContext = await browser.newContext({ colorScheme: 'dark' });
  const owner = await ownerContext.newPage();
  await passwordStep(owner, OWNER.username, OWNER.password);
  await waitLive(owner);
  await owner.goto('/admin');
  const people = owner.getByRole('region', { name: /^People/ });
  await people.getByRole('searchbox', { name: 'Search people' }).fill(name);
  const row = people.getByRole('row').filter({ hasText: `@${name}` });
  await expect(row.getByText('2FA', { exact: true })).toBeVisible();
  await owner.screenshot({ path: `${SHOTS}/admin-dark.png`, fullPage: true });
  expect(await seriousViolations(owner)).toEqual([]);
  await row.getByRole('button', { name: `Turn off two-factor for ${name}` }).click();
  await owner.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(row.getByText('2FA', { exact: true })).toHaveCount(0);
  // The security log says who did what, newest first: the owner's help, and how she signed in before.
  const display = name[0]!.toUpperCase() + name.slice(1);
  const log = owner.getByRole('region', { name: 'Security log' });
  await expect(log.getByRole('listitem').first()).toContainText(
    `turned off two-factor authentication for ${display}`,
  );
  await expect(
    log.getByRole('listitem').filter({ hasText: `${display} signed in with a recovery code` }),
  ).toHaveCount(1);
  await log.scrollIntoViewIfNeeded();
  await owner.screenshot({ path: `${SHOTS}/security-log-dark.png` });
  expect(await seriousViolations(owner)).toEqual([]);
  await passwordStep(phone, name);
  await waitLive(phone);

  await Promise.all([alice.context.close(), phoneContext.close(), ownerContext.close()]);
});
