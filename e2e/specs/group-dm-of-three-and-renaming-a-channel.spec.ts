import { expect, test } from '@playwright/test';
import { composer, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;
const title = (name: string) => name[0]!.toUpperCase() + name.slice(1);

test('a group DM of three from the New message dialog, live for all three', async ({ browser }) => {
  test.setTimeout(150_000);
  const [aliceName, bobName, carolName] = ['alice', 'bob', 'carol'].map(uniqueName) as [
    string,
    string,
    string,
  ];
  const alice = await registerInNewContext(browser, aliceName);
  const bob = await registerInNewContext(browser, bobName);
  const carol = await registerInNewContext(browser, carolName);
  await Promise.all([alice, bob, carol].map((c) => waitLive(c.page)));
  await alice.page.reload();

  await alice.page.getByRole('button', { name: 'New direct message' }).click();
  const dialog = alice.page.getByRole('dialog', { name: 'New direct message' });
  await dialog.getByLabel(`Add ${title(bobName)} to a group`).check();
  await dialog.getByLabel(`Add ${title(carolName)} to a group`).check();
  await expect(dialog.getByText(`With ${title(bobName)}, ${title(carolName)}`)).toBeVisible();
  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/group-dm-dialog.png` });
  // Regression: on a phone a long @username ran under the person's checkbox.
  await alice.page.setViewportSize({ width: 360, height: 780 });
  const row = dialog.getByRole('listitem').filter({ hasText: `@${bobName}` });
  const username = await row.getByText(`@${bobName}`).boundingBox();
  const tick = await row.getByRole('checkbox').boundingBox();
  expect(username!.x + username!.width).toBeLessThanOrEqual(tick!.x);
  await alice.page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Start group DM' }).click();
  await expect(alice.page).toHaveURL(/\/g\/[0-9a-f-]{36}$/);
  // The group DM's own composer, not #general's while the screen is still switching.
  const box = alice.page.getByRole('textbox', { name: `Message ${title(bobName)}, ${title(carolName)}` });
  await box.fill('hi both, plans for friday?');
  await box.press('Enter');

  for (const other of [bob, carol]) {
    const link = other.page.getByRole('link', { name: new RegExp(title(aliceName)) });
    await expect(link).toContainText('1');
    await link.click();
    await expect(other.page.getByTestId('message').filter({ hasText: 'plans for friday' })).toBeVisible();
  }
  const carolBox = carol.page.getByRole('textbox', { name: /^Message / });
  await carolBox.fill('count me in');
  await carolBox.press('Enter');
  await expect(alice.page.getByTestId('message').filter({ hasText: 'count me in' })).toBeVisible();
  await expect(bob.page.getByTestId('message').filter({ hasText: 'count me in' })).toBeVisible();
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/group-dm.png` });
  for (const c of [alice, bob, carol]) await c.context.close();
});

test('a channel admin renames a channel; its old address leads to the new name', async ({ browser }) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  await waitLive(alice.page);
  const before = uniqueName('plans');
  const after = uniqueName('roadmap');
  await alice.page.getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByLabel('Name').fill(before);
  await alice.page.getByRole('button', { name: 'Create channel' }).click();
  await send(alice.page, before, 'first draft of the roadmap');
  const row = alice.page.getByTestId('message').filter({ hasText: 'first draft of the roadmap' });
  await expect(row).toHaveAttribute('data-status', 'sent');
  const { channels } = await (await alice.page.request.get('/api/v1/channels')).json();
  const channelId = channels.find((c: { name: string }) => c.name === before).id;
  const { messages } = await (await alice.page.request.get(`/api/v1/channels/${channelId}/messages`)).json();
  const messageId = messages[0].id;
  await alice.page.getByRole('button', { name: 'Channel actions' }).click();
  await alice.page.getByRole('menuitem', { name: 'Rename channel' }).click();
  const dialog = alice.page.getByRole('dialog', { name: `Rename #${before}` });
  await expect(dialog.getByLabel('New name')).toBeFocused();
  await dialog.getByLabel('New name').fill(after);
  expect(await seriousViolations(alice.page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Rename channel' }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/c/${after}$`));
  await expect(composer(alice.page, after)).toBeVisible();
  await expect(alice.page.getByRole('link', { name: new RegExp(after) })).toBeVisible();
  await expect(alice.page.getByRole('link', { name: new RegExp(before) })).toHaveCount(0);
  // A link made before the rename still opens the message, under the new name.
  await alice.page.goto(`/c/${before}/m/${messageId}`);
  await expect(alice.page).toHaveURL(new RegExp(`/c/${after}/m/${messageId}$`));
  await expect(row).toBeVisible();
  await alice.context.close();
});
