import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readable, setUpEncryption } from '../support/encryption.js';
import { seriousViolations } from '../support/axe.js';
import { registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS;
const threadPanel = (page: Page) => page.getByRole('complementary', { name: 'Thread' });
const replyBox = (page: Page) => threadPanel(page).getByRole('textbox', { name: 'Reply in thread' });
// Scoped to the list's rows: the first-frame preview and the thread panel draw rows too.
const channelRows = (page: Page) => page.locator('.channel-main .message-list').getByTestId('message');
const threadRows = (page: Page) => threadPanel(page).getByTestId('message');

async function reply(page: Page, text: string): Promise<void> {
  await replyBox(page).fill(text);
  await replyBox(page).press('Enter');
}

test('two users talk in a thread beside #general, live, and follow it from the Threads view', async ({
  browser,
}) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const rootText = `Lunch plans ${uniqueName('')}?`;
  await send(alice.page, 'general', rootText);

  // Bob opens the thread from the hover action and replies.
  const rootOnBob = channelRows(bob.page).filter({ hasText: rootText });
  await rootOnBob.hover();
  await rootOnBob.getByRole('button', { name: 'Reply in thread' }).click();
  await expect(bob.page).toHaveURL(/\/c\/general\/t\/[0-9a-f-]{36}$/);
  const rootId = bob.page.url().split('/t/')[1]!;
  await expect(threadRows(bob.page).first()).toContainText(rootText);
  await reply(bob.page, 'Pizza?');
  await expect(threadRows(bob.page).filter({ hasText: 'Pizza?' })).toHaveAttribute('data-status', 'sent');

  // Alice sees "1 reply" appear under her message and opens the thread from it.
  const summary = channelRows(alice.page)
    .filter({ hasText: rootText })
    .getByRole('link', { name: /1 reply/ });
  await expect(summary).toBeVisible();
  await summary.click();
  await expect(alice.page).toHaveURL(new RegExp(`/c/general/t/${rootId}$`));
  await expect(threadRows(alice.page).filter({ hasText: 'Pizza?' })).toHaveCount(1);
  await expect(threadPanel(alice.page).getByRole('separator', { name: '1 reply' })).toBeVisible();

  // Typing shows in the other's panel; the reply arrives live.
  await replyBox(alice.page).pressSequentially('Sushi', { delay: 40 });
  await expect(threadPanel(bob.page).getByText(/is typing…/)).toBeVisible();
  await replyBox(alice.page).press('Enter');
  await expect(threadRows(bob.page).filter({ hasText: 'Sushi' })).toHaveCount(1);
  await expect(threadPanel(bob.page).getByText(/is typing…/)).toHaveCount(0);

  // Up in the empty reply box edits one's last reply; the edit shows live.
  await replyBox(bob.page).press('ArrowUp');
  const edit = threadPanel(bob.page).getByRole('textbox', { name: 'Edit message' });
  await edit.fill('Pizza!');
  await edit.press('Enter');
  await expect(threadRows(alice.page).filter({ hasText: 'Pizza!' })).toContainText('edited');

  // Replies stay out of the channel: the root carries the count instead.
  await expect(channelRows(alice.page).filter({ hasText: /Pizza|Sushi/ })).toHaveCount(0);
  await expect(channelRows(bob.page).filter({ hasText: /Pizza|Sushi/ })).toHaveCount(0);
  await expect(channelRows(bob.page).filter({ hasText: rootText })).toContainText('2 replies');

  // "Also send to #general" shows the reply in the channel too, marked as a reply to the thread.
  await threadPanel(bob.page).getByLabel('Also send to #general').check();
  await reply(bob.page, 'Booked for 12:30');
  const alsoInChannel = channelRows(alice.page).filter({ hasText: 'Booked for 12:30' });
  await expect(alsoInChannel).toHaveCount(1);
  await expect(alsoInChannel.getByRole('link', { name: /replied to a thread/ })).toContainText('Lunch plans');
  await expect(threadRows(alice.page).filter({ hasText: 'Booked for 12:30' })).toHaveCount(1);
  await expect(threadPanel(bob.page).getByLabel('Also send to #general')).not.toBeChecked();

  // Accessibility of the channel with the panel open.
  const axe = await new AxeBuilder({ page: alice.page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  if (SHOTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await alice.page.emulateMedia({ colorScheme });
      await alice.page.screenshot({ path: `${SHOTS}/thread-${colorScheme}.png` });
    }
    await alice.page.emulateMedia({ colorScheme: 'light' });
    await bob.page.setViewportSize({ width: 390, height: 780 });
    // The sidebar turns into a drawer and slides away first.
    await bob.page.waitForTimeout(500);
    await bob.page.screenshot({ path: `${SHOTS}/thread-phone.png` });
    await bob.page.setViewportSize({ width: 1280, height: 720 });
  }

  // Escape in the empty reply box closes the panel.
  await replyBox(alice.page).press('Escape');
  await expect(threadPanel(alice.page)).toHaveCount(0);
  await expect(alice.page).toHaveURL(/\/c\/general$/);

  // Bob is elsewhere when Alice replies: his Threads view shows the thread unread, opening it reads it.
  const threadsLink = bob.page.getByRole('navigation').getByRole('link', { name: /^Threads/ });
  await threadsLink.click();
  await expect(bob.page).toHaveURL(/\/threads$/);
  await channelRows(alice.page)
    .filter({ hasText: rootText })
    .getByRole('link', { name: /3 replies/ })
    .click();
  await reply(alice.page, 'See you there');
  await expect(threadsLink.getByLabel('1 thread with unread replies')).toBeVisible();
  const card = bob.page.getByTestId('thread-card').filter({ hasText: rootText });
  await expect(card).toHaveAttribute('data-unread', '1');
  await expect(card).toContainText('See you there');
  await expect(card).toContainText('#general');
  expect(await seriousViolations(bob.page)).toEqual([]);
  await card.click();
  await expect(threadRows(bob.page).filter({ hasText: 'See you there' })).toHaveCount(1);
  await expect(threadsLink.getByLabel(/unread replies/)).toHaveCount(0);
  await expect(threadPanel(bob.page).getByRole('button', { name: 'Following' })).toBeVisible();

  // A permalink, to the root or to a reply, opens the thread beside the channel.
  const pizzaId = await threadPanel(bob.page)
    .locator('[data-thread-id]')
    .filter({ hasText: 'Pizza!' })
    .getAttribute('data-thread-id');
  await alice.page.goto(`/c/general/t/${pizzaId}`);
  await expect(threadRows(alice.page).first()).toContainText(rootText);
  await expect(threadPanel(alice.page).locator('.thread-highlight')).toContainText('Pizza!');
  await alice.page.goto(`/c/general/t/${rootId}`);
  await expect(threadRows(alice.page).filter({ hasText: 'See you there' })).toHaveCount(1);

  // A deleted root leaves a tombstone with its replies still there.
  const rootInPanel = threadRows(alice.page).first();
  await rootInPanel.hover();
  await rootInPanel.getByRole('button', { name: 'Delete message' }).click();
  await alice.page
    .getByRole('dialog', { name: 'Delete message?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(threadRows(bob.page).first()).toContainText('This message was deleted.');
  await expect(threadRows(bob.page).filter({ hasText: 'Sushi' })).toHaveCount(1);
  // #general is shared with other journeys: the tombstone meant is the one with this thread's replies.
  await expect(
    channelRows(bob.page).filter({ hasText: 'This message was deleted.' }).filter({ hasText: '4 replies' }),
  ).toHaveCount(1);

  // On a phone the thread takes the whole screen, and its back button returns to the channel.
  await bob.page.setViewportSize({ width: 390, height: 844 });
  const box = await threadPanel(bob.page).boundingBox();
  expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
  await threadPanel(bob.page).getByRole('button', { name: 'Close thread' }).click();
  await expect(bob.page).toHaveURL(/\/c\/general$/);

  await alice.context.close();
  await bob.context.close();
});

test('an end-to-end encrypted DM has threads too: replies sealed and readable by both, also sent as a direct message', async ({
  browser,
}) => {
  const aliceName = uniqueName('alice');
  const bobName = uniqueName('bob');
  const alice = await registerInNewContext(browser, aliceName);
  const bob = await registerInNewContext(browser, bobName);
  await setUpEncryption(alice.page, 'alice passphrase 1');
  await setUpEncryption(bob.page, 'bob passphrase 22');

  await alice.page.getByRole('button', { name: 'New direct message' }).click();
  await alice.page.getByLabel('End-to-end encrypted conversation').check();
  await alice.page.getByLabel('Find a person').fill(bobName);
  await alice.page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(bobName) })
    .click();
  const aliceBox = alice.page.getByRole('textbox', { name: /^Message Bob/ });
  await aliceBox.fill('the plan for Friday');
  await aliceBox.press('Enter');
  await expect(readable(alice.page, 'the plan for Friday')).toHaveCount(1);

  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  await bob.page.getByRole('link', { name: new RegExp(`^${aliceName}`, 'i') }).click();
  const rootOnBob = channelRows(bob.page).filter({ hasText: 'the plan for Friday' });
  await expect(rootOnBob.locator('[data-crypto="ok"]')).toHaveCount(1);
  await rootOnBob.hover();
  await rootOnBob.getByRole('button', { name: 'Reply in thread' }).click();
  await expect(bob.page).toHaveURL(/\/dm\/[^?]+\?e2e=1&thread=[0-9a-f-]{36}$/);
  await expect(threadRows(bob.page).first().locator('[data-crypto="ok"]')).toContainText(
    'the plan for Friday',
  );
  await threadPanel(bob.page).getByLabel('Also send as direct message').check();
  await reply(bob.page, 'sealed reply');

  // Alice reads the reply in the conversation, marked with the decrypted root, and in the thread.
  const inDm = channelRows(alice.page).filter({ hasText: 'sealed reply' });
  await expect(inDm.locator('[data-crypto="ok"]')).toHaveCount(1);
  await expect(inDm.getByRole('link', { name: /replied to a thread/ })).toContainText('the plan for Friday');
  await channelRows(alice.page)
    .filter({ hasText: 'the plan for Friday' })
    .getByRole('link', { name: /1 reply/ })
    .click();
  await expect(
    threadRows(alice.page).filter({ has: alice.page.locator('[data-crypto="ok"]'), hasText: 'sealed reply' }),
  ).toHaveCount(1);

  await alice.context.close();
  await bob.context.close();
});
