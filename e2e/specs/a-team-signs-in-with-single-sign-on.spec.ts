import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devices, expect, test, type Page } from '@playwright/test';
import { startOidcProvider } from '../../apps/server/test/support/oidc-provider.js';
import { seriousViolations } from '../support/axe.js';
import { freePort, spawnParley } from '../support/parley-process.js';
import { composer, messages, register, send, waitLive } from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS;
const CLIENT = { id: 'parley', secret: 'the journey’s client secret' };

/** On the provider's own page: signs in there as `login`, or cancels. */
async function atProvider(page: Page, login: string | undefined): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in to Test ID' })).toBeVisible();
  if (!login) return page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByLabel('Username at Test ID').fill(login);
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a team signs in with single sign-on: a newcomer gets an account at the first sign-in, the owner connects theirs, an invite-only team lets a newcomer in through an invite, and a cancelled sign-in says so', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const provider = await startOidcProvider(CLIENT);
  provider.addUser('ann', {
    sub: 'ann-1',
    preferred_username: 'ann',
    name: 'Ann Lee',
    email: 'ann@acme.example',
  });
  provider.addUser('olivia', { sub: 'olivia-1', preferred_username: 'olivia', email: 'olivia@acme.example' });
  const port = await freePort();
  provider.allowRedirect(`http://localhost:${port}/api/v1/auth/sso/callback`);
  // An instance of its own, with a provider the shared one has not.
  const node = await spawnParley(port, {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-sso-')),
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT.id,
    OIDC_CLIENT_SECRET: CLIENT.secret,
    OIDC_NAME: 'Acme ID',
  });
  try {
    const oliviaContext = await browser.newContext({ baseURL: node.url });
    const olivia = await oliviaContext.newPage();
    await register(olivia, 'olivia');
    await waitLive(olivia);

    // Ann has never been here: the sign-in page offers the provider, and her first sign-in makes her account.
    const annContext = await browser.newContext({ baseURL: node.url });
    const ann = await annContext.newPage();
    await ann.goto('/login');
    const button = ann.getByRole('link', { name: 'Sign in with Acme ID' });
    await expect(button).toBeVisible();
    if (SHOTS) await ann.screenshot({ path: `${SHOTS}/sso-login-light.png` });
    expect(await seriousViolations(ann)).toEqual([]);
    await button.click();
    await atProvider(ann, 'ann');
    await expect(composer(ann, 'general')).toBeVisible();
    await waitLive(ann);
    await send(ann, 'general', 'Hello from Ann, signed in with Acme ID');
    await expect(messages(olivia).filter({ hasText: 'Hello from Ann' })).toContainText('Ann Lee');
    if (SHOTS) await olivia.screenshot({ path: `${SHOTS}/sso-newcomer-live.png` });

    // Ann has no Parley password to change: her security settings say so instead.
    await ann.goto('/settings/security');
    await expect(ann.getByRole('region', { name: 'Password' })).toContainText(
      'You sign in with Acme ID, so this account has no Parley password',
    );
    await expect(ann.getByRole('button', { name: 'Change password' })).toHaveCount(0);
    await expect(ann.getByRole('region', { name: 'Single sign-on' })).toContainText(
      'Connected as ann@acme.example',
    );
    if (SHOTS) await ann.screenshot({ path: `${SHOTS}/sso-no-password-light.png` });
    expect(await seriousViolations(ann)).toEqual([]);

    // Olivia connects her password account, then signs in with the provider instead.
    await olivia.emulateMedia({ colorScheme: 'dark' });
    await olivia.goto('/settings/security');
    const card = olivia.getByRole('region', { name: 'Single sign-on' });
    await expect(card).toContainText(
      'Connect your Acme ID account to sign in with it instead of your password.',
    );
    await card.getByRole('link', { name: 'Connect Acme ID' }).click();
    await atProvider(olivia, 'olivia');
    await expect(olivia).toHaveURL(/\/settings\/security\?sso=linked$/);
    await expect(card.getByRole('status')).toHaveText('Done: you can now sign in with Acme ID.');
    await expect(card).toContainText('Connected as olivia@acme.example since');
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/sso-connected-dark.png` });
    expect(await seriousViolations(olivia)).toEqual([]);
    await olivia.getByRole('button', { name: 'Account menu' }).click();
    await olivia.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(olivia).toHaveURL(/\/login$/);
    if (SHOTS) await olivia.screenshot({ path: `${SHOTS}/sso-login-dark.png` });
    await olivia.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await atProvider(olivia, 'olivia');
    await waitLive(olivia);
    await expect(messages(olivia).filter({ hasText: 'Hello from Ann' })).toBeVisible();
    await olivia.goto('/settings/security');
    await expect(card).toContainText('Connected as olivia@acme.example');

    // Invite-only: a newcomer from the provider is turned away until they come through an invite.
    const csrf = { 'x-parley-csrf': '1' };
    await olivia.request.patch('/api/v1/admin/settings', { data: { inviteOnly: true }, headers: csrf });
    const invite = await olivia.request.post('/api/v1/admin/invites', { data: {}, headers: csrf });
    const { code } = (await invite.json()).invite;
    provider.addUser('erin', { sub: 'erin-1', preferred_username: 'erin', name: 'Erin Cho' });
    const erinContext = await browser.newContext({ baseURL: node.url, colorScheme: 'dark' });
    const erin = await erinContext.newPage();
    await erin.goto('/login');
    await erin.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await atProvider(erin, 'erin');
    await expect(erin).toHaveURL(/\/login\?sso_error=invite_required$/);
    await expect(erin.getByRole('alert')).toHaveText('This Parley is invite-only. Ask for an invite link.');
    await erin.goto(`/invite/${code}`);
    await erin.getByRole('link', { name: 'Sign up with Acme ID' }).click();
    await atProvider(erin, 'erin');
    await expect(composer(erin, 'general')).toBeVisible();
    await waitLive(erin);
    await expect(messages(erin).filter({ hasText: 'Hello from Ann' })).toBeVisible();
    await erinContext.close();

    // On a phone, someone who cancels at the provider is told so on the sign-in page.
    const phoneContext = await browser.newContext({ ...devices['iPhone 13'], baseURL: node.url });
    const phone = await phoneContext.newPage();
    await phone.goto('/login');
    await phone.getByRole('link', { name: 'Sign in with Acme ID' }).click();
    await atProvider(phone, undefined);
    await expect(phone).toHaveURL(/\/login\?sso_error=sso_failed$/);
    await expect(phone.getByRole('alert')).toHaveText('Single sign-on did not complete. Please try again.');
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/sso-cancelled-phone.png`, fullPage: true });
    expect(await seriousViolations(phone)).toEqual([]);
    await phoneContext.close();
    await annContext.close();
    await oliviaContext.close();
  } finally {
    await node.stop();
    await provider.close();
  }
});
