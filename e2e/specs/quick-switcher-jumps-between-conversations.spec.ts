import { expect, test } from '@playwright/test';
import {
  composer,
  registerInNewContext,
  seedChannel,
  send,
  sidebar,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

test('the quick switcher jumps to channels, DMs and people by part of a name, unread then recent first; ? lists the shortcuts', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bobName = uniqueName('bob');
  const bob = await registerInNewContext(browser, bobName);
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const reviews = await seedChannel(request, alice.context, 'reviews', 1);
  await alice.page.reload();
  await expect(alice.page.getByRole('link', { name: new RegExp(reviews) })).toBeVisible();

  // Ctrl+K, a few letters of the channel, Enter.
  await alice.page.keyboard.press('Control+k');
  const dialog = alice.page.getByRole('dialog', { name: 'Jump to a conversation' });
  const box = dialog.getByRole('combobox');
  await expect(box).toBeFocused();
  await box.fill(reviews.slice(0, 5));
  await expect(dialog.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('option').first()).toContainText(reviews);
  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/switcher-light.png` });
  await box.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(alice.page).toHaveURL(new RegExp(`/c/${reviews}$`));
  await expect(composer(alice.page, reviews)).toBeVisible();

  // A person with no DM yet, by @username, from the sidebar's button; arrows move the choice.
  await alice.page.getByRole('button', { name: /Jump to/ }).click();
  await box.fill(`@${bobName}`);
  await expect(dialog.getByRole('option').first()).toContainText(`@${bobName}`);
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  await box.press('Enter');
  await expect(alice.page).toHaveURL(new RegExp(`/dm/${bobName}$`));
  // The DM's own composer: the URL changes before the DM is open, while the previous screen still shows.
  await expect(
    alice.page.getByRole('textbox', { name: new RegExp(`^Message ${bobName}`, 'i') }),
  ).toBeVisible();

  // With nothing typed, the conversation with unread messages comes first.
  await send(bob.page, 'general', `ping ${uniqueName('u')}`);
  await expect(sidebar(alice.page).getByRole('link', { name: /general/ })).toHaveClass(/unread/);
  await expect(
    sidebar(alice.page)
      .getByRole('link', { name: /general/ })
      .getByLabel('1 unread'),
  ).toBeVisible();
  await alice.page.getByRole('link', { name: new RegExp(reviews) }).click();
  await expect(composer(alice.page, reviews)).toBeVisible();
  await alice.page.keyboard.press('Control+k');
  await expect(dialog.getByRole('option').first()).toContainText('general');
  await expect(dialog.getByRole('option').first().getByLabel('1 unread')).toBeVisible();
  // Then the conversations opened most recently, leaving out the one on screen: back to the DM with Bob.
  await expect(dialog.getByRole('option')).toHaveText([
    /general/,
    new RegExp(`@${bobName}`),
    new RegExp(reviews),
  ]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/switcher-recent-light.png` });
  await box.fill('zzzzqqq');
  await expect(dialog.getByText(/Nothing matches/)).toBeVisible();
  await box.press('Escape');
  await expect(dialog).toBeHidden();

  // Alt+Shift+↑ jumps to the unread conversation above; Alt+↓ walks down the sidebar, as in Slack.
  const order = await alice.page
    .locator('section.sidebar-section a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  await alice.page.keyboard.press('Alt+Shift+ArrowUp');
  await expect(alice.page).toHaveURL(/\/c\/general$/);
  await expect(composer(alice.page, 'general')).toBeVisible();
  await expect(sidebar(alice.page).getByRole('link', { name: /general/ })).not.toHaveClass(/unread/);
  await alice.page.keyboard.press('Alt+ArrowDown');
  await expect(alice.page).toHaveURL(new RegExp(`${order[order.indexOf('/c/general') + 1]}$`));

  // "?" outside a text field lists the shortcuts; in the message box it is just a question mark.
  const general = composer(alice.page, 'general');
  await sidebar(alice.page)
    .getByRole('link', { name: /general/ })
    .click();
  await general.press('?');
  await expect(general).toHaveValue('?');
  await general.fill('');
  await alice.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await alice.page.keyboard.press('?');
  const help = alice.page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByText('Jump to a channel, DM or person')).toBeVisible();
  await expect(help.getByText('Previous or next unread channel or DM')).toBeVisible();
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/shortcuts-light.png` });
  expect(await seriousViolations(alice.page)).toEqual([]);
  await alice.page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  if (SHOTS) {
    await alice.page.emulateMedia({ colorScheme: 'dark' });
    await alice.page.keyboard.press('Control+k');
    await box.fill('gen');
    await alice.page.screenshot({ path: `${SHOTS}/switcher-dark.png` });
    await box.press('Escape');
    await alice.page.setViewportSize({ width: 390, height: 780 });
    await alice.page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible();
    await box.fill('b');
    await alice.page.screenshot({ path: `${SHOTS}/switcher-phone.png` });
  }
  await alice.context.close();
  await bob.context.close();
});
