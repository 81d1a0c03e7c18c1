import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { composer, messages, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

/** A 64 px PNG of a round face, made here so the journey needs no file on disk. */
function wavePng(): Buffer {
  const size = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - 31.5, y - 31.5);
      const eye = Math.hypot(x - 22, y - 24) < 4 || Math.hypot(x - 42, y - 24) < 4;
      const smile = d > 14 && d < 18 && y > 36;
      const inside = d < 30;
      const [r, g, b, a] = !inside ? [0, 0, 0, 0] : eye || smile ? [60, 40, 20, 255] : [255, 196, 40, 255];
      row.set([r, g, b, a], 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test('custom emoji: added from the picker, used in a message and as a reaction, seen live by another user', async ({
  browser,
}) => {
  // Two users, a phone and four axe runs: more than the default minute on a busy machine.
  test.setTimeout(240_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);

  const text = `Standup in five ${uniqueName('n')}`;
  await send(alice.page, 'general', text);
  const onAlice = messages(alice.page).filter({ hasText: text });
  const onBob = messages(bob.page).filter({ hasText: text });
  await expect(onBob).toHaveCount(1);

  // Alice adds :parley-wave: from the reaction picker.
  await onAlice.hover();
  await onAlice.locator('.message-actions').getByRole('button', { name: 'Add reaction' }).click();
  const picker = alice.page.getByRole('dialog', { name: 'Add reaction' });
  await picker.getByRole('button', { name: 'Add emoji' }).click();
  const dialog = alice.page.getByRole('dialog', { name: 'Add emoji' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Picture').setInputFiles({
    name: 'Parley Wave.png',
    mimeType: 'image/png',
    buffer: wavePng(),
  });
  await expect(dialog.getByLabel('Name')).toHaveValue('parley-wave');
  await expect(dialog.getByLabel('Preview').locator('img').first()).toBeVisible();
  // A name that breaks the rules says so before anything is sent.
  await dialog.getByLabel('Name').fill('Parley Wave!');
  await expect(dialog.getByRole('alert')).toContainText('a-z, 0-9');
  await expect(dialog.getByRole('button', { name: 'Add emoji' })).toBeDisabled();
  await dialog.getByLabel('Name').fill('parley-wave');
  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/custom-emoji-add-dialog.png` });
  await dialog.getByRole('button', { name: 'Add emoji' }).click();
  await expect(dialog).toBeHidden();

  // Used in a message: Bob sees the picture live, with :parley-wave: as its alt and title.
  const hello = `Morning all :parley-wave: ${uniqueName('m')}`;
  const helloText = hello.replace(':parley-wave: ', '');
  await send(alice.page, 'general', hello);
  const bobHello = messages(bob.page).filter({ hasText: helloText.split(' ').at(-1)! });
  const inline = bobHello.getByRole('img', { name: ':parley-wave:' });
  await expect(inline).toBeVisible();
  await expect(inline).toHaveAttribute('title', ':parley-wave:');
  await expect.poll(() => inline.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // As a reaction, picked from the picker's search.
  await onAlice.hover();
  await onAlice.locator('.message-actions').getByRole('button', { name: 'Add reaction' }).click();
  await picker.getByRole('combobox').fill('parley');
  await picker.getByRole('option', { name: /parley-wave/ }).click();
  await expect(picker).toBeHidden();
  const bobPill = onBob.getByRole('button', { name: 'React with :parley-wave:' });
  await expect(bobPill).toHaveText('1');
  await expect(bobPill.locator('img.custom-emoji')).toBeVisible();
  await bobPill.click();
  await expect(onAlice.getByRole('button', { name: 'Remove your :parley-wave: reaction' })).toHaveText('2');

  // Bob's composer offers it after a colon.
  const box = composer(bob.page, 'general');
  await box.pressSequentially('me too :parl');
  await expect(bob.page.getByRole('option', { name: /:parley-wave:/ })).toBeVisible();
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/custom-emoji-light.png` });
  await box.press('Enter');
  await expect(box).toHaveValue('me too :parley-wave: ');
  await box.press('Enter');
  await expect(messages(alice.page).last().getByRole('img', { name: ':parley-wave:' })).toBeVisible();

  if (SHOTS) {
    await alice.page.emulateMedia({ colorScheme: 'dark' });
    await onAlice.getByRole('button', { name: /parley-wave/ }).hover();
    await alice.page.screenshot({ path: `${SHOTS}/custom-emoji-dark.png` });
    await alice.page.emulateMedia({ colorScheme: 'light' });
  }

  // On a phone the picker is a sheet with the custom emoji in it.
  const phone = await browser.newContext({ viewport: { width: 390, height: 800 }, hasTouch: true });
  await phone.addCookies(await bob.context.cookies());
  const phonePage = await phone.newPage();
  await phonePage.goto('/c/general');
  await waitLive(phonePage);
  await expect(messages(phonePage).getByRole('img', { name: ':parley-wave:' }).first()).toBeVisible();
  const onPhone = messages(phonePage).filter({ hasText: text });
  await expect(onPhone.getByRole('button', { name: /:parley-wave:/ }).locator('img')).toBeVisible();
  await onPhone
    .getByRole('group', { name: 'Reactions' })
    .getByRole('button', { name: 'Add reaction' })
    .click();
  const sheet = phonePage.getByRole('dialog', { name: 'Add reaction' });
  await sheet.getByRole('combobox').fill('parley');
  await expect(sheet.getByRole('option', { name: /parley-wave/ })).toBeVisible();
  if (SHOTS) await phonePage.screenshot({ path: `${SHOTS}/custom-emoji-phone.png` });
  expect(await seriousViolations(phonePage)).toEqual([]);

  await phone.close();
  await alice.context.close();
  await bob.context.close();
});
