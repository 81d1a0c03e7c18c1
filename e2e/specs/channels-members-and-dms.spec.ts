import { expect, test } from '@playwright/test';
import {
  composer,
  messages,
  registerInNewContext,
  seedChannel,
  send,
  uniqueName,
  waitLive,
} from '../support/journeys.js';

test('create a private channel, add a member who sees it live, browse and join a public one, and DM', async ({
  browser,
}) => {
  const aliceName = uniqueName('alice');
  const bobName = uniqueName('bob');
  const alice = await registerInNewContext(browser, aliceName);
  const bob = await registerInNewContext(browser, bobName);
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const secret = uniqueName('secret');
  const open = uniqueName('open');

  // A private channel appears for Bob only once Alice adds him.
  await alice.page.getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByLabel('Name').fill(secret);
  await alice.page.getByLabel(/Private/).check();
  await alice.page.getByRole('button', { name: 'Create channel' }).click();
  await expect(composer(alice.page, secret)).toBeVisible();
  await expect(bob.page.getByRole('link', { name: secret })).toHaveCount(0);
  // The new, empty channel offers its first step, as in Slack: Add people opens the search, focused.
  await alice.page.getByRole('button', { name: 'Add people' }).click();
  await expect(alice.page.getByLabel('Find someone to add')).toBeFocused();
  // By name, as in a big team: the empty search lists only the first 200 people.
  await alice.page.keyboard.type(bobName);
  await alice.page
    .getByLabel('Person to add')
    .selectOption({ label: `${bobName[0]!.toUpperCase()}${bobName.slice(1)} (@${bobName})` });
  await alice.page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(bob.page.getByRole('link', { name: secret })).toBeVisible();

  // Unread badge while Bob is elsewhere, cleared when he opens the channel.
  await send(alice.page, secret, 'for your eyes only');
  await expect(bob.page.getByRole('link', { name: secret }).getByLabel('1 unread')).toBeVisible();
  await bob.page.getByRole('link', { name: secret }).click();
  await expect(messages(bob.page).filter({ hasText: 'for your eyes only' })).toHaveCount(1);
  await expect(bob.page.getByRole('link', { name: secret }).getByLabel(/unread/)).toHaveCount(0);

  // A public channel is found through Browse and joined.
  await alice.page.getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByLabel('Name').fill(open);
  await alice.page.getByRole('button', { name: 'Create channel' }).click();
  await expect(composer(alice.page, open)).toBeVisible();
  await bob.page.getByRole('button', { name: 'Browse channels' }).click();
  await bob.page
    .getByRole('listitem')
    .filter({ hasText: open })
    .getByRole('button', { name: 'Join' })
    .click();
  await expect(composer(bob.page, open)).toBeVisible();

  // Topic set by a member shows for the other live.
  await bob.page.getByRole('button', { name: 'Add a topic' }).click();
  await bob.page.getByLabel('Channel topic').fill('Launch planning');
  await bob.page.getByLabel('Channel topic').press('Enter');
  await expect(alice.page.getByRole('button', { name: 'Launch planning' })).toBeVisible();

  // A direct message, started from the sidebar.
  await bob.page.getByRole('button', { name: 'New direct message' }).click();
  await bob.page.getByLabel('Find a person').fill(aliceName);
  await bob.page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(aliceName) })
    .click();
  const dmBox = bob.page.getByRole('textbox', { name: /^Message Alice/ });
  // An empty DM says whom it is with, as Slack does.
  await expect(bob.page.getByText(/^This conversation is just between you and Alice/)).toBeVisible();
  await dmBox.fill('a private hello');
  await dmBox.press('Enter');
  await alice.page.getByRole('link', { name: new RegExp(`^${bobName}`, 'i') }).click();
  await expect(messages(alice.page).filter({ hasText: 'a private hello' })).toHaveCount(1);
  await expect(alice.page.getByText(/^This conversation is just between you and Bob/)).toBeVisible();

  await alice.context.close();
  await bob.context.close();
});

test('a long history scrolls with a bounded number of mounted rows and loads older pages', async ({
  browser,
  request,
}) => {
  const { page, context } = await registerInNewContext(browser, uniqueName('reader'));
  const name = await seedChannel(request, context, 'history', 300);
  await page.goto(`/c/${name}`);
  await expect(messages(page).filter({ hasText: 'history line 300' })).toBeVisible();
  const list = page.locator('.message-list [data-virtuoso-scroller], .message-list').first();
  for (
    let i = 0;
    i < 40 &&
    (await messages(page)
      .filter({ hasText: /^.*history line 1$/ })
      .count()) === 0;
    i++
  ) {
    await list.evaluate((el) => el.scrollTo(0, 0));
    await page.waitForTimeout(150);
    expect(await messages(page).count()).toBeLessThanOrEqual(80);
  }
  await expect(page.getByText('This is the very beginning of', { exact: false })).toBeVisible();
  await expect(messages(page).filter({ hasText: /history line 1$/ })).toHaveCount(1);
  await context.close();
});
