import { expect, test, type Browser } from '@playwright/test';
import { OWNER } from '../support/global-setup.js';
import { PASSWORD, registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

test.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-acc';
/** People on a page of the admin's list. */
const PAGE = 50;

async function signInNewContext(browser: Browser, username: string, password = PASSWORD) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await waitLive(page);
  return { context, page };
}

/** Light, dark and phone pictures of what the page shows now, each checked by axe. */
async function shootAndCheck(
  browser: Browser,
  path: string,
  username: string,
  password: string,
  name: string,
) {
  for (const [label, options] of [
    ['light', { colorScheme: 'light' as const }],
    ['dark', { colorScheme: 'dark' as const }],
    ['phone', { colorScheme: 'light' as const, viewport: { width: 390, height: 844 } }],
  ] as const) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitLive(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  }
}

test('changing the password signs the other tab out to the sign-in page, which says why', async ({
  browser,
}) => {
  const name = uniqueName('pw');
  const first = await registerInNewContext(browser, name);
  const second = await signInNewContext(browser, name);
  await first.page.goto('/settings/security');
  const sessions = first.page.getByRole('region', { name: 'Where you are signed in' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toHaveCount(1);

  await first.page.getByLabel('Current password').fill(PASSWORD);
  await first.page.getByLabel(/^New password/).fill('a brand new secret');
  await first.page.getByLabel('Repeat new password').fill('a brand new secret');
  await first.page.getByRole('button', { name: 'Change password' }).click();
  await expect(first.page.getByText('1 other session was signed out.')).toBeVisible();

  await expect(second.page).toHaveURL(/\/login$/);
  await expect(second.page.getByText(/You were signed out/)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await shootAndCheck(browser, '/settings/security', name, 'a brand new secret', 'settings-security');
  await first.context.close();
  await second.context.close();
});

test('an admin finds a user among many, deactivates them (their open tab lands on sign-in), then hands out a one-time reset link', async ({
  browser,
  request,
}) => {
  // More people than a page holds, sorting first, so whoever is deactivated is not on the first page.
  const crowd = uniqueName('aacrowd');
  for (let i = 0; i < PAGE + 1; i++) {
    const res = await request.post('/api/v1/auth/register', {
      headers: { 'x-parley-csrf': '1' },
      data: {
        username: `${crowd}p${String(i).padStart(2, '0')}`,
        displayName: `Crowd ${i}`,
        password: PASSWORD,
      },
    });
    expect(res.status()).toBe(201);
  }
  const name = uniqueName('gone');
  const user = await registerInNewContext(browser, name);
  await waitLive(user.page);
  const admin = await signInNewContext(browser, OWNER.username, OWNER.password);
  await admin.page.goto('/admin');
  const people = admin.page.getByRole('region', { name: /^People/ });
  const rows = people.getByRole('row').filter({ hasText: '@' });
  await expect(rows).toHaveCount(PAGE);
  await expect(people.getByRole('heading')).toHaveText(/^People · [\d,]+$/);
  await people.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => rows.count()).toBeGreaterThan(PAGE);
  await people.getByRole('searchbox', { name: 'Search people' }).fill(name);
  await expect(rows).toHaveCount(1);
  await admin.page.getByRole('button', { name: `Deactivate ${name}` }).click();
  await admin.page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  const row = admin.page.getByRole('row').filter({ hasText: `@${name}` });
  await expect(row.getByText('Deactivated', { exact: true })).toBeVisible();
  await people.getByRole('combobox', { name: 'Status' }).selectOption('active');
  await expect(people.getByText('No one matches.')).toBeVisible();
  await people.getByRole('combobox', { name: 'Status' }).selectOption('deactivated');
  await expect(rows).toHaveCount(1);
  await people.getByRole('combobox', { name: 'Status' }).selectOption('');

  await expect(user.page).toHaveURL(/\/login$/);
  await expect(user.page.getByText(/You were signed out/)).toBeVisible();
  await user.page.getByLabel('Username').fill(name);
  await user.page.getByLabel('Password').fill(PASSWORD);
  await user.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(user.page.getByRole('alert')).toContainText('deactivated');

  await row.getByRole('button', { name: `Reactivate ${name}` }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Reset link for ${name}` }).click();
  const link = await admin.page.locator('.reset-link code').innerText();
  expect(link).toMatch(/\/reset\/[A-Za-z0-9_-]+$/);
  await shootAndCheck(browser, '/admin', OWNER.username, OWNER.password, 'admin-people');

  await user.page.goto(new URL(link).pathname);
  await expect(user.page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await user.page.getByLabel(/^New password/).fill('reset by the admin');
  await user.page.getByLabel('Repeat new password').fill('reset by the admin');
  expect(await seriousViolations(user.page)).toEqual([]);
  await user.page.getByRole('button', { name: 'Set password' }).click();
  await expect(user.page).toHaveURL(/\/login$/);
  await expect(user.page.getByText('Your new password is set. Sign in with it.')).toBeVisible();
  await user.page.getByLabel('Username').fill(name);
  await user.page.getByLabel('Password').fill('reset by the admin');
  await user.page.getByRole('button', { name: 'Sign in' }).click();
  await waitLive(user.page);

  // The link was single-use.
  await user.page.goto(new URL(link).pathname);
  await expect(user.page.getByText(/This reset link is not valid/)).toBeVisible();
  await admin.context.close();
  await user.context.close();
});
