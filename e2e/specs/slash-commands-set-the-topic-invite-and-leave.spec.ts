import { expect, test } from '@playwright/test';
import {
  composer,
  messages,
  register,
  registerInNewContext,
  sidebar,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

test('slash commands in the composer: the list, /topic, /invite, /shrug, /me, /mute, /leave, and a slash sent as text', async ({
  browser,
}) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bobContext = await browser.newContext({ colorScheme: 'dark' });
  const bobPage = await bobContext.newPage();
  const bobName = uniqueName('bob');
  await register(bobPage, bobName);
  await Promise.all([waitLive(alice.page), waitLive(bobPage)]);

  // Alice makes a channel and opens it.
  const channel = uniqueName('launch');
  await sidebar(alice.page).getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByRole('dialog').getByLabel('Name').fill(channel);
  await alice.page
    .getByRole('dialog')
    .getByRole('button', { name: /^Create/ })
    .click();
  const box = composer(alice.page, channel);
  await expect(box).toBeVisible();

  // A slash at the start lists the commands; Tab completes the chosen one.
  await box.fill('/');
  const list = alice.page.getByRole('listbox', { name: 'Commands' });
  await expect(list.getByRole('option', { name: /^\/topic/ })).toBeVisible();
  await expect(list.getByRole('option', { name: /^\/shrug/ })).toBeVisible();
  expect(await seriousViolations(alice.page)).toEqual([]);
  await box.pressSequentially('to');
  await expect(list.getByRole('option')).toHaveCount(1);
  await box.press('Tab');
  await expect(box).toHaveValue('/topic ');
  await box.pressSequentially('Launch week: ship 1.13');
  await box.press('Enter');
  await expect(alice.page.getByRole('button', { name: 'Launch week: ship 1.13' })).toBeVisible();
  await expect(box).toHaveValue('');

  // /invite adds Bob, who sees the channel arrive in his sidebar.
  // Enter first picks Bob from the @ list, as in a message; the next sends.
  await box.fill(`/invite @${bobName}`);
  await expect(alice.page.getByRole('listbox', { name: 'People to mention' })).toBeVisible();
  await box.press('Enter');
  await expect(box).toHaveValue(`/invite @${bobName} `);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await sidebar(bobPage).getByRole('link', { name: channel }).click();
  const bobBox = composer(bobPage, channel);
  await expect(bobBox).toBeVisible();
  for (const page of [alice.page, bobPage])
    await expect(page.getByRole('button', { name: 'Members (2)' })).toBeVisible();

  // Text commands send a message: the shrug whole, /me in italics.
  await box.fill('/shrug no idea');
  await box.press('Enter');
  await expect(messages(bobPage).filter({ hasText: 'no idea ¯\\_(ツ)_/¯' })).toHaveCount(1);
  await box.fill('/me is *on* it');
  await box.press('Enter');
  await expect(messages(bobPage).locator('em', { hasText: 'is *on* it' })).toHaveCount(1);

  // An unknown command says so and keeps the text; a space before the slash sends it as it is.
  await bobBox.fill('/deploy now');
  await bobBox.press('Enter');
  await expect(bobPage.getByRole('alert')).toContainText('/deploy is not a command here');
  await expect(bobBox).toHaveValue('/deploy now');
  await bobBox.fill(' /deploy now');
  await bobBox.press('Enter');
  await expect(messages(alice.page).filter({ hasText: '/deploy now' })).toHaveCount(1);

  // /mute mutes for Bob alone and says how to undo it.
  await bobBox.fill('/mute');
  await bobBox.press('Enter');
  await expect(bobPage.getByText(`Muted #${channel}. Type /mute again to unmute it.`)).toBeVisible();
  await expect(sidebar(bobPage).getByRole('link', { name: new RegExp(`${channel} *, muted`) })).toBeVisible();
  expect(await seriousViolations(bobPage)).toEqual([]);

  // /leave asks first, in the app's own dialog, then Bob is out of the channel.
  await bobBox.fill('/leave');
  await bobBox.press('Enter');
  const dialog = bobPage.getByRole('dialog', { name: `Leave #${channel}?` });
  await dialog.getByRole('button', { name: 'Leave channel' }).click();
  await expect(sidebar(bobPage).getByRole('link', { name: new RegExp(channel) })).toHaveCount(0);
  await expect(bobPage).not.toHaveURL(new RegExp(channel));
});
