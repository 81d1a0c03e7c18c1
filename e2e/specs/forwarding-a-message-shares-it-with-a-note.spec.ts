import { expect, test } from '@playwright/test';
import {
  composer,
  messages,
  registerInNewContext,
  send,
  sidebar,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { readable, setUpEncryption } from '../support/encryption.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;
const CSRF = { 'x-parley-csrf': '1' };

test('a message forwarded with a note reaches another channel live, quoted under its author, linked back, and mentions no one again', async ({
  browser,
}) => {
  const annName = uniqueName('ann');
  const ann = await registerInNewContext(browser, annName);
  const bobName = uniqueName('bob');
  const bob = await registerInNewContext(browser, bobName);
  const launch = uniqueName('launch');
  const made = await ann.page.request.post('/api/v1/channels', {
    headers: CSRF,
    data: { name: launch, kind: 'public' },
  });
  const launchId = (await made.json()).channel.id;
  expect((await bob.page.request.post(`/api/v1/channels/${launchId}/join`, { headers: CSRF })).ok()).toBe(
    true,
  );
  await bob.page.goto(`/c/${launch}`);
  await waitLive(bob.page);

  const original = `Launch moves to **5pm**, @${bobName} can you check the banner? (${launch})`;
  await ann.page.goto('/c/general');
  await waitLive(ann.page);
  await send(ann.page, 'general', original);
  const row = messages(ann.page).filter({ hasText: `the banner? (${launch})` });
  await row.hover();
  await row.getByRole('button', { name: 'Forward message' }).click();

  const dialog = ann.page.getByRole('dialog', { name: 'Forward message' });
  await expect(dialog.getByRole('blockquote', { name: 'Forwarded message' })).toContainText(
    'Launch moves to 5pm',
  );
  await expect(dialog.getByRole('button', { name: 'Forward', exact: true })).toBeDisabled();
  await dialog.getByLabel('Find a conversation').fill(launch.slice(0, 8));
  await dialog.getByRole('radio', { name: `#${launch}` }).check();
  await dialog.getByLabel('Add a message (optional)').fill('FYI for the launch room');
  expect(await seriousViolations(ann.page, 'dialog[open]')).toEqual([]);
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/forward-dialog.png` });
  await ann.page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(ann.page, 'dialog[open]')).toEqual([]);
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/forward-dialog-dark.png` });
  await ann.page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await ann.page.screenshot({ path: `${SHOTS}/forward-dialog-phone-dark.png` });
  await dialog.getByRole('button', { name: 'Forward', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(ann.page.getByText(`Forwarded to #${launch}.`)).toBeVisible();

  // Bob sees it live in the other channel: the note, then the original under Ann's name and where it was.
  const forwarded = messages(bob.page).filter({ hasText: 'FYI for the launch room' });
  await expect(forwarded.locator('blockquote')).toContainText('Launch moves to 5pm');
  await expect(forwarded.locator('blockquote strong').first()).toHaveText(/^Ann/);
  // The quoted @mention is shown as text, not as a mention of Bob a second time.
  await expect(forwarded.locator('blockquote')).toContainText(`${bobName} can you check`);
  await expect(forwarded.locator('.mention')).toHaveCount(0);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/forwarded-message.png` });

  // To a person with no DM yet: the DM starts, as Slack's forward does, and Bob finds it there.
  await ann.page.setViewportSize({ width: 1280, height: 720 });
  await row.hover();
  await row.getByRole('button', { name: 'Forward message' }).click();
  await dialog.getByLabel('Find a conversation').fill(bobName);
  await dialog.getByRole('radio', { name: new RegExp(`@${bobName}`) }).check();
  await dialog.getByRole('button', { name: 'Forward', exact: true }).click();
  await expect(dialog).toBeHidden();
  await sidebar(bob.page)
    .getByRole('link', { name: new RegExp(annName, 'i') })
    .click();
  await expect(
    messages(bob.page)
      .filter({ hasText: `the banner? (${launch})` })
      .first(),
  ).toBeVisible();
  await bob.page.goBack();

  // Its link goes back to the original in #general, in the same tab.
  await expect(forwarded.locator('blockquote')).toContainText(/in #general · View message/);
  await forwarded.getByRole('link', { name: 'View message' }).click();
  await expect(bob.page).toHaveURL(/\/c\/general\/m\//);
  await expect(
    messages(bob.page)
      .filter({ hasText: `the banner? (${launch})` })
      .first(),
  ).toBeVisible();
  await Promise.all([ann.context.close(), bob.context.close()]);
});

test('an encrypted message forwards only to encrypted conversations, sealed again there', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  await setUpEncryption(alice.page, 'alice passphrase 1');
  const [from, to] = [uniqueName('sealeda'), uniqueName('sealedb')];
  for (const room of [from, to]) {
    await alice.page.getByRole('button', { name: 'Create a channel' }).click();
    await alice.page.getByLabel('Name').fill(room);
    await alice.page.getByLabel(/End-to-end encrypted/).check();
    await alice.page.getByRole('button', { name: 'Create channel' }).click();
    await expect(composer(alice.page, room)).toBeVisible();
  }
  await alice.page.goto(`/c/${from}`);
  await send(alice.page, from, 'the merger closes friday');
  const row = readable(alice.page, 'the merger closes friday');
  await row.hover();
  await row.getByRole('button', { name: 'Forward message' }).click();

  const dialog = alice.page.getByRole('dialog', { name: 'Forward message' });
  await expect(dialog).toContainText('End-to-end encrypted: it can go only to encrypted conversations.');
  await expect(dialog.getByRole('blockquote', { name: 'Forwarded message' })).toContainText(
    'the merger closes',
  );
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await expect(dialog.getByRole('radio', { name: '#general' })).toHaveCount(0);
  await dialog.getByRole('radio', { name: `#${to}` }).check();
  expect(await seriousViolations(alice.page, 'dialog[open]')).toEqual([]);
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/forward-dialog-sealed.png` });
  await dialog.getByRole('button', { name: 'Forward', exact: true }).click();

  // Straight there by address: the page goes away while the sealed send may still be on its way.
  await alice.page.goto(`/c/${to}`);
  await expect(readable(alice.page, 'the merger closes friday').locator('blockquote')).toBeVisible();
  const channels = await (await alice.page.request.get('/api/v1/channels')).json();
  const id = channels.channels.find((c: { name: string }) => c.name === to).id;
  const stored = await (await alice.page.request.get(`/api/v1/channels/${id}/messages`)).json();
  expect(stored.messages.at(-1)).toMatchObject({ body: null, encrypted: { v: 1 } });
  expect(JSON.stringify(stored)).not.toContain('merger');
  await alice.context.close();
});
