import { expect, test } from '@playwright/test';
import { OWNER } from '../support/global-setup.js';
import { composer, PASSWORD, signIn, uniqueName } from '../support/journeys.js';

test('the owner turns on invite-only, makes an invite link, and only the link lets a newcomer in', async ({
  browser,
}) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, OWNER.username, OWNER.password);
  await expect(composer(owner, 'general')).toBeVisible();
  await owner.getByRole('button', { name: 'Account menu' }).click();
  await owner.getByRole('menuitem', { name: 'Administration' }).click();
  const inviteOnly = owner.getByLabel(/Invite-only/);
  await inviteOnly.click();
  await expect(inviteOnly).toBeChecked();
  await owner.getByRole('button', { name: 'Create an invite link' }).click();
  const link = (await owner.locator('.invite-list code').first().textContent())!;
  expect(link).toMatch(/\/invite\/[\w-]+$/);

  try {
    const stranger = await browser.newPage();
    await stranger.goto('/register');
    await expect(stranger.getByText(/invite-only/i)).toBeVisible();
    await stranger.getByLabel('Username').fill(uniqueName('stranger'));
    await stranger.getByLabel('Display name').fill('Stranger');
    await stranger.getByLabel('Password').fill(PASSWORD);
    await stranger.getByRole('button', { name: 'Create account' }).click();
    await expect(stranger.getByRole('alert')).toContainText(/invite-only/i);
    await stranger.close();

    const invited = await browser.newPage();
    await invited.goto(new URL(link).pathname);
    await invited.getByLabel('Username').fill(uniqueName('invited'));
    await invited.getByLabel('Display name').fill('Invited Person');
    await invited.getByLabel('Password').fill(PASSWORD);
    await invited.getByRole('button', { name: 'Create account' }).click();
    await expect(composer(invited, 'general')).toBeVisible();
    await invited.close();
  } finally {
    await inviteOnly.click();
    await expect(inviteOnly).not.toBeChecked();
    await ownerContext.close();
  }
});
