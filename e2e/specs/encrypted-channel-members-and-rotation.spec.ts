import { expect, test, type Page } from '@playwright/test';
import {
  decryptMessage,
  deriveEnvelopeKeys,
  importPublicKey,
  unwrapChannelKey,
  unwrapPrivateKeys,
} from '@parley/crypto';
import { registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';
import { readable, setUpEncryption } from '../support/encryption.js';
import { startPostgresNode, type PostgresNode } from '../support/postgres-node.js';

let node: PostgresNode | undefined;
test.beforeAll(async () => {
  node = await startPostgresNode(8186);
});
test.afterAll(async () => node?.stop());

const title = (name: string) => name[0]!.toUpperCase() + name.slice(1);
const box = (page: Page, channel: string) => page.getByRole('textbox', { name: `Message #${channel}` });

async function say(page: Page, channel: string, text: string) {
  await box(page, channel).fill(text);
  await box(page, channel).press('Enter');
}

test('an encrypted channel shares keys with members who set up later, rotates when one is removed, and warns when a verified key changes', async ({
  browser,
}) => {
  test.skip(!node, 'PostgreSQL is not available');
  const n = node!;
  const [aliceName, bobName, carolName, daveName] = ['alice', 'bob', 'carol', 'dave'].map(uniqueName);
  const alice = await registerInNewContext(browser, aliceName!, n.url);
  const bob = await registerInNewContext(browser, bobName!, n.url);
  const carol = await registerInNewContext(browser, carolName!, n.url);
  const dave = await registerInNewContext(browser, daveName!, n.url);
  for (const [who, c] of Object.entries({ alice, bob, carol, dave }))
    c.page.on('console', (m) => m.text().startsWith('Parley:') && console.log(`${who}: ${m.text()}`));
  await setUpEncryption(alice.page, 'alice passphrase 1');
  await setUpEncryption(bob.page, 'bob passphrase 22');
  await setUpEncryption(carol.page, 'carol passphrase 333');

  // Alice makes an encrypted private channel and adds three people; Dave has no keys yet.
  const room = uniqueName('vault');
  await alice.page.getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByLabel('Name').fill(room);
  await alice.page.getByLabel(/End-to-end encrypted/).check();
  await expect(alice.page.getByLabel(/Private/)).toBeChecked();
  await alice.page.getByRole('button', { name: 'Create channel' }).click();
  await expect(box(alice.page, room)).toBeVisible();
  await alice.page.getByRole('button', { name: /^Members/ }).click();
  for (const name of [bobName!, carolName!, daveName!]) {
    await alice.page.getByLabel('Find someone to add').fill(name);
    await alice.page.getByLabel('Person to add').selectOption({ label: `${title(name)} (@${name})` });
    await alice.page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(alice.page.locator('.member-list li').filter({ hasText: `@${name}` })).toBeVisible();
  }
  await expect(alice.page.locator('.member-list li').filter({ hasText: `@${daveName}` })).toContainText(
    'Waiting: has not set up encryption',
  );
  await expect(alice.page.getByText(/People added later can read the earlier history/)).toBeVisible();
  await say(alice.page, room, 'before removal');
  await expect(readable(alice.page, 'before removal')).toHaveCount(1);

  for (const member of [bob, carol]) {
    await member.page.getByRole('link', { name: room }).click();
    await expect(readable(member.page, 'before removal')).toHaveCount(1);
  }

  // Dave sees why he cannot read yet and sets up; Alice's browser shares the key though she is elsewhere.
  await alice.page.getByRole('link', { name: 'general' }).click();
  await dave.page.getByRole('link', { name: room }).click();
  await expect(dave.page.getByTestId('encryption-gate')).toHaveAttribute('data-vault', 'none');
  await setUpEncryption(dave.page, 'dave passphrase 4444');
  await dave.page.getByRole('link', { name: room }).click();
  await expect(readable(dave.page, 'before removal')).toHaveCount(1);

  // Bob verifies Dave's fingerprint.
  await bob.page.getByRole('button', { name: /^Members/ }).click();
  await bob.page.getByRole('button', { name: new RegExp(`Not verified: check ${title(daveName!)}`) }).click();
  await bob.page.getByRole('button', { name: 'They match: mark as verified' }).click();

  // Alice removes Carol: the next message is sealed under a new key version Carol never receives.
  await alice.page.getByRole('link', { name: room }).click();
  await alice.page.getByRole('button', { name: /^Members/ }).click();
  await alice.page.getByRole('button', { name: `Remove ${title(carolName!)}` }).click();
  await expect(carol.page.getByRole('link', { name: room })).toHaveCount(0);
  await waitLive(alice.page);
  await say(alice.page, room, 'after removal');
  await expect(readable(alice.page, 'after removal')).toHaveCount(1);
  await expect(readable(bob.page, 'after removal')).toHaveCount(1);
  await expect(readable(dave.page, 'after removal')).toHaveCount(1);

  // Everything Carol's browser could ever hold, taken from the database and opened with her passphrase.
  const { rows: ids } = await n.db.query<{ id: string; username: string }>(
    'select id, username from users where username = any($1)',
    [[aliceName, carolName]],
  );
  const id = (u: string) => ids.find((r) => r.username === u)!.id;
  const { rows: chan } = await n.db.query<{ id: string; key_version: number }>(
    'select id, key_version from channels where name = $1',
    [room],
  );
  const channelId = chan[0]!.id;
  expect(chan[0]!.key_version).toBe(2);
  const { rows: vaults } = await n.db.query<{
    user_id: string;
    wrapped_private: string;
    public_keys: { ecdsa: string };
  }>('select user_id, wrapped_private, public_keys from user_keys');
  const signingKey = (userId: string) =>
    importPublicKey(vaults.find((v) => v.user_id === userId)!.public_keys.ecdsa, 'ecdsa');
  const aliceSigning = await signingKey(id(aliceName!));
  const carolKeys = await unwrapPrivateKeys(
    vaults.find((v) => v.user_id === id(carolName!))!.wrapped_private,
    'carol passphrase 333',
    { context: id(carolName!) },
  );
  // Any member's browser may have wrapped it for her: the wrapper's signature is checked.
  const { rows: wraps } = await n.db.query<{ version: number; wrapped: string; wrapped_by: string }>(
    'select version, wrapped, wrapped_by from channel_keys where channel_id = $1 and user_id = $2',
    [channelId, id(carolName!)],
  );
  expect(wraps.map((w) => w.version)).toEqual([1]);
  const v1 = await deriveEnvelopeKeys(
    await unwrapChannelKey({
      wrapped: wraps[0]!.wrapped,
      keyVersion: 1,
      context: channelId,
      recipient: carolKeys.ecdh,
      sender: await signingKey(wraps[0]!.wrapped_by),
    }),
  );
  const { rows: sealed } = await n.db.query<{
    seq: number;
    encrypted: Parameters<typeof decryptMessage>[0]['body'];
  }>('select seq, encrypted from messages where channel_id = $1 and system is null order by seq', [
    channelId,
  ]);
  expect(sealed.map((m) => m.encrypted.keyVersion)).toEqual([1, 2]);
  const open = (body: (typeof sealed)[number]['encrypted']) =>
    decryptMessage({ body, channelId, keys: v1, verifyKey: aliceSigning });
  expect(await open(sealed[0]!.encrypted)).toBe('before removal');
  await expect(open(sealed[1]!.encrypted)).rejects.toThrow();

  // Dave resets his encryption: Bob, who verified him, is warned instead of trusting the new key.
  await dave.page.goto('/settings/encryption');
  await dave.page.getByRole('button', { name: 'Reset encryption' }).click();
  await dave.page
    .getByRole('dialog', { name: 'Reset your encryption keys?' })
    .getByRole('button', { name: 'Reset encryption' })
    .click();
  await setUpEncryptionAfterReset(dave.page, 'dave new passphrase 5');
  await expect(bob.page.getByTestId('key-change-warning')).toContainText(title(daveName!));
  await expect(
    bob.page.getByRole('button', { name: new RegExp(`Key changed: check ${title(daveName!)}`) }),
  ).toBeVisible();

  for (const c of [alice, bob, carol, dave]) await c.context.close();
});

async function setUpEncryptionAfterReset(page: Page, passphrase: string) {
  await page.getByLabel('Encryption passphrase').fill(passphrase);
  await page.getByLabel('Repeat the passphrase').fill(passphrase);
  await page.getByRole('button', { name: 'Set up encryption' }).click();
  await page.getByLabel('I have saved my recovery key').check();
  await page.getByRole('button', { name: 'Done' }).click();
}
