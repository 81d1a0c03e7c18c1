import { expect, test, type Page } from '@playwright/test';
import { apiAs } from '../support/history.js';
import { registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';

const rows = (page: Page) => page.locator('.channel-main .message-list').getByTestId('message');

// The API let channel admins, owners and admins delete others' messages, but the UI offered Delete
// only on one's own, behind a native confirm().
test("a channel admin deletes someone else's message after the app's own dialog", async ({
  browser,
  request,
}) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  for (const { page } of [alice, bob])
    page.on('dialog', (d) => {
      throw new Error(`native ${d.type()} shown: ${d.message()}`);
    });
  const asAlice = await apiAs(request, alice.context);
  const asBob = await apiAs(request, bob.context);
  const name = uniqueName('team');
  // Alice creates the channel, so she is its admin; Bob is a member.
  const { channel } = await asAlice.post('/channels', { name, kind: 'public' });
  await asBob.post(`/channels/${channel.id}/join`);
  await asAlice.postLines(channel.id, 'alice', 1, 1);
  const [bobs] = await asBob.postLines(channel.id, 'bob', 1, 1);
  const bobsRow = (page: Page) => rows(page).and(page.locator(`[data-seq="${bobs!.seq}"]`));

  // Bob, a member, may delete his own message but not Alice's.
  await bob.page.getByRole('link', { name }).click();
  const alicesOnBob = rows(bob.page).filter({ hasText: 'alice line 1' });
  await alicesOnBob.hover();
  await expect(alicesOnBob.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await expect(alicesOnBob.getByRole('button', { name: 'Delete message' })).toHaveCount(0);
  const ownOnBob = rows(bob.page).filter({ hasText: 'bob line 1' });
  await ownOnBob.hover();
  await expect(ownOnBob.getByRole('button', { name: 'Delete message' })).toBeVisible();

  // Alice, the channel's admin, sees Delete on Bob's message; the dialog names him and can be cancelled.
  await alice.page.getByRole('link', { name }).click();
  const bobsOnAlice = bobsRow(alice.page);
  await bobsOnAlice.hover();
  await expect(bobsOnAlice.getByRole('button', { name: 'Edit message' })).toHaveCount(0);
  await bobsOnAlice.getByRole('button', { name: 'Delete message' }).click();
  const dialog = alice.page.getByRole('dialog', { name: 'Delete message?' });
  await expect(dialog).toContainText(/This message by Bob\w* will be deleted for everyone/);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(bobsOnAlice).toContainText('bob line 1');

  await bobsOnAlice.hover();
  await bobsOnAlice.getByRole('button', { name: 'Delete message' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(bobsOnAlice).toContainText('This message was deleted.');
  await expect(bobsRow(bob.page)).toContainText('This message was deleted.');
  await alice.context.close();
  await bob.context.close();
});
