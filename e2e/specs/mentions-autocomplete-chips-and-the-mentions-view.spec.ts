import { expect, test } from '@playwright/test';
import { composer, registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

test('@ offers the channel’s members, the mention shows as a chip, and the Mentions view leads back to it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const bobName = uniqueName('bob');
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, bobName);
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);

  // Typing @ and part of the name offers Bob (both are in #general); Enter inserts his username.
  const box = composer(alice.page, 'general');
  await box.click();
  // Everyone is in #general: the whole name picks one person out of many.
  await box.pressSequentially(`ping @${bobName}`);
  const list = alice.page.getByRole('listbox', { name: 'People to mention' });
  await expect(list.getByRole('option').first()).toContainText(`@${bobName}`);
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) {
    await alice.page.screenshot({ path: `${SHOTS}/mention-autocomplete.png` });
    await alice.page.setViewportSize({ width: 390, height: 844 });
    await expect(list).toBeVisible();
    await alice.page.emulateMedia({ colorScheme: 'dark' });
    await alice.page.waitForTimeout(500); // the sidebar slides away as the width becomes a phone's
    await alice.page.screenshot({ path: `${SHOTS}/mention-autocomplete-phone-dark.png` });
    await alice.page.emulateMedia({ colorScheme: 'light' });
    await alice.page.setViewportSize({ width: 1280, height: 720 });
  }
  await box.press('Enter');
  await expect(box).toHaveValue(`ping @${bobName} `);
  await box.pressSequentially('the release notes are up');
  await box.press('Enter');

  // Bob sees his own name highlighted as a chip with his display name.
  const row = bob.page.getByTestId('message').filter({ hasText: 'the release notes are up' });
  const chip = row.locator('.mention-self');
  await expect(chip).toHaveText(`@${bobName[0]!.toUpperCase()}${bobName.slice(1)}`);

  // The Mentions view lists it and opens it in its channel.
  await bob.page.getByRole('link', { name: 'Mentions' }).click();
  const card = bob.page.getByRole('list', { name: 'Mentions' }).getByRole('link').first();
  await expect(card).toContainText('the release notes are up');
  expect(await seriousViolations(bob.page)).toEqual([]);
  await bob.page.emulateMedia({ colorScheme: 'dark' });
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/mentions-dark.png` });
  await bob.page.emulateMedia({ colorScheme: 'light' });
  await card.click();
  await expect(bob.page).toHaveURL(/\/c\/general\/m\//);
  await expect(row).toBeVisible();

  // A later word of a username finds its person too, as in Slack: @quill… offers x.quill….
  const dotted = uniqueName('x.quill');
  await registerInNewContext(browser, dotted).then(({ context }) => context.close());
  await box.fill('');
  await box.pressSequentially(`@${dotted.slice(2)}`);
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText(`@${dotted}`);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/mention-later-word.png` });
  await alice.context.close();
  await bob.context.close();
});
