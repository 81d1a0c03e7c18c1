import { expect, test } from '@playwright/test';
import { PASSWORD, registerInNewContext, sidebar, uniqueName, waitLive } from '../support/journeys.js';
import { ownFingerprint, readable, setUpEncryption } from '../support/encryption.js';
import { startPostgresNode, type PostgresNode } from '../support/postgres-node.js';

// Its own node on PostgreSQL, so the test can read the rows the server stored.
let node: PostgresNode | undefined;
test.beforeAll(async () => {
  node = await startPostgresNode(8185);
});
test.afterAll(async () => node?.stop());

/** Every row of every table as text: where plaintext would show if the server ever held it. */
async function databaseText(n: PostgresNode): Promise<string> {
  const tables = await n.db.query<{ table_name: string }>(
    `select table_name from information_schema.tables where table_schema = 'public'`,
  );
  let all = '';
  for (const { table_name } of tables.rows) {
    const rows = await n.db.query(`select row_to_json(t)::text as j from "${table_name}" t`);
    all += rows.rows.map((r: { j: string }) => r.j).join('\n');
  }
  return all;
}

test('two users exchange end-to-end encrypted DMs live; a stranger gets nothing; the database holds no plaintext; a new browser unlocks with the passphrase', async ({
  browser,
}) => {
  test.skip(!node, 'PostgreSQL is not available');
  const n = node!;
  const aliceName = uniqueName('alice');
  const bobName = uniqueName('bob');
  const alice = await registerInNewContext(browser, aliceName, n.url);
  const bob = await registerInNewContext(browser, bobName, n.url);
  const carol = await registerInNewContext(browser, uniqueName('carol'), n.url);
  await setUpEncryption(alice.page, 'alice passphrase 1');
  await setUpEncryption(bob.page, 'bob passphrase 22');
  await setUpEncryption(carol.page, 'carol passphrase 333');

  // Alice opens an encrypted DM with Bob.
  await alice.page.getByRole('button', { name: 'New direct message' }).click();
  await alice.page.getByLabel('End-to-end encrypted conversation').check();
  await alice.page.getByLabel('Find a person').fill(bobName);
  await alice.page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(bobName) })
    .click();
  await expect(alice.page.locator('.badge-lock')).toHaveText(/Encrypted/);
  const aliceBox = alice.page.getByRole('textbox', { name: /^Message Bob/ });
  await aliceBox.fill('the eagle lands at noon');
  await aliceBox.press('Enter');
  await expect(readable(alice.page, 'the eagle lands at noon')).toHaveCount(1);

  // Bob sees it in the sidebar with a lock, reads it, and answers live.
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const dmLink = bob.page.getByRole('link', { name: new RegExp(`^${aliceName}`, 'i') });
  // Told apart from a plain DM with the same person by screen readers too, not only by the icon.
  await expect(dmLink).toHaveAccessibleName(/end-to-end encrypted/);
  await dmLink.click();
  await expect(readable(bob.page, 'the eagle lands at noon')).toHaveCount(1);
  const bobBox = bob.page.getByRole('textbox', { name: /^Message Alice/ });
  await bobBox.fill('copy that, **noon** it is');
  await bobBox.press('Enter');
  await expect(readable(alice.page, 'copy that, noon it is')).toHaveCount(1);
  await expect(alice.page.locator('[data-crypto="ok"] strong').filter({ hasText: 'noon' })).toHaveCount(1);

  // An edit is sealed again and arrives readable.
  await bob.page.getByTestId('message').filter({ hasText: 'copy that' }).hover();
  await bob.page.getByRole('button', { name: 'Edit message' }).last().click();
  await bob.page.getByLabel('Edit message').fill('copy that, 12:00 sharp');
  await bob.page.getByLabel('Edit message').press('Enter');
  await expect(readable(alice.page, 'copy that, 12:00 sharp')).toHaveCount(1);

  // Carol is no member: the API gives her nothing, and her sidebar shows nothing.
  const dmId = await alice.page.evaluate(async () => {
    const res = await fetch('/api/v1/channels', { credentials: 'include' });
    const { channels } = (await res.json()) as {
      channels: { id: string; kind: string; encrypted: boolean }[];
    };
    return channels.find((c) => c.kind === 'dm' && c.encrypted)!.id;
  });
  const carolView = await carol.page.evaluate(async (id) => {
    const get = (p: string) => fetch(`/api/v1${p}`, { credentials: 'include' }).then((r) => r.status);
    return [await get(`/channels/${id}/messages`), await get(`/channels/${id}/keys`)];
  }, dmId);
  expect(carolView).toEqual([404, 404]);
  await expect(carol.page.getByRole('link', { name: new RegExp(`^${aliceName}`, 'i') })).toHaveCount(0);

  // The server stored envelopes only: no table anywhere holds the plaintext.
  const stored = await n.db.query('select body, encrypted from messages where channel_id = $1', [dmId]);
  expect(stored.rows).toHaveLength(2);
  for (const row of stored.rows) {
    expect(row.body).toBeNull();
    expect(row.encrypted).toMatchObject({ v: 1, keyVersion: 1 });
  }
  const everything = await databaseText(n);
  for (const secret of ['eagle', 'noon', '12:00 sharp', 'alice passphrase 1'])
    expect(everything).not.toContain(secret);

  // A message scheduled here is sealed in Alice's browser before it waits on the server, and reads as sent.
  await aliceBox.fill('the package ships at dawn');
  await alice.page.getByRole('button', { name: 'Schedule for later' }).click();
  await alice.page
    .getByRole('menu', { name: 'Schedule for later' })
    .getByRole('menuitem', { name: /^In 1 hour/ })
    .click();
  await expect(alice.page.getByText(/^Scheduled to send/)).toBeVisible();
  const waiting = await n.db.query('select body, encrypted from scheduled_messages where channel_id = $1', [
    dmId,
  ]);
  expect(waiting.rows).toHaveLength(1);
  expect(waiting.rows[0].body).toBeNull();
  expect(waiting.rows[0].encrypted).toMatchObject({ v: 1, keyVersion: 1 });
  expect(await databaseText(n)).not.toContain('dawn');
  await sidebar(alice.page)
    .getByRole('link', { name: /Scheduled/ })
    .click();
  const scheduledCard = alice.page.getByRole('listitem').filter({ hasText: 'the package ships at dawn' });
  await scheduledCard.getByRole('button', { name: 'Send now' }).click();
  await expect(readable(bob.page, 'the package ships at dawn')).toHaveCount(1);

  // Bob compares Alice's fingerprint with what her settings show, and marks her verified.
  const aliceFingerprint = await ownFingerprint(alice.page);
  await bob.page.getByRole('button', { name: /^Members/ }).click();
  await bob.page.getByRole('button', { name: /Not verified: check Alice/ }).click();
  await expect(bob.page.getByTestId('peer-fingerprint')).toHaveText(aliceFingerprint);
  await bob.page.getByRole('button', { name: 'They match: mark as verified' }).click();
  await expect(bob.page.getByRole('button', { name: /^Verified: check Alice/ })).toBeVisible();

  // A brand-new browser for Alice: signed in, but locked until the passphrase.
  const fresh = await browser.newContext({ baseURL: n.url });
  const page = await fresh.newPage();
  await page.goto('/login');
  await page.getByLabel('Username').fill(aliceName);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: new RegExp(`^${bobName}`, 'i') }).click();
  await expect(page.getByTestId('encryption-gate')).toHaveAttribute('data-vault', 'locked');
  await expect(page.locator('[data-crypto="locked"]').first()).toBeVisible();
  await page.getByLabel('Encryption passphrase').fill('wrong passphrase!');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong passphrase.');
  await page.getByLabel('Encryption passphrase').fill('alice passphrase 1');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(readable(page, 'the eagle lands at noon')).toHaveCount(1);
  await expect(readable(page, 'copy that, 12:00 sharp')).toHaveCount(1);

  for (const c of [alice, bob, carol]) await c.context.close();
  await fresh.close();
});
