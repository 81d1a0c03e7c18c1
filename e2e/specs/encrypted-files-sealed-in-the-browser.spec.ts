import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';
import { readable, setUpEncryption } from '../support/encryption.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

/** Pastes a picture drawn in the page (a 640x400 PNG) into the composer, as a screenshot would come. */
async function pastePicture(page: Page, name: string) {
  await page.evaluate(async (fileName) => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 400;
    const g = canvas.getContext('2d')!;
    const sky = g.createLinearGradient(0, 0, 0, 400);
    sky.addColorStop(0, '#4a7bd8');
    sky.addColorStop(1, '#f3c17a');
    g.fillStyle = sky;
    g.fillRect(0, 0, 640, 400);
    g.fillStyle = '#2f5d3a';
    g.beginPath();
    g.moveTo(0, 400);
    g.lineTo(220, 170);
    g.lineTo(420, 400);
    g.fill();
    g.fillStyle = '#fff6d5';
    g.beginPath();
    g.arc(500, 110, 48, 0, Math.PI * 2);
    g.fill();
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const data = new DataTransfer();
    data.items.add(new File([blob], fileName, { type: 'image/png' }));
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    document.querySelector('.composer textarea')!.dispatchEvent(event);
  }, name);
}

test('files in an encrypted DM are sealed in the browser: the server gets only ciphertext, the other member sees the picture and downloads the file intact', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const bobName = uniqueName('bob');
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, bobName);
  // Chromium does not show Playwright the bodies of multipart uploads: Alice's page keeps a copy of each.
  await alice.context.addInitScript(() => {
    const copies: Promise<{ url: string; name: string; type: string; body: string }>[] = [];
    Object.assign(window, { sentUploads: copies });
    const open = XMLHttpRequest.prototype.open;
    const urls = new WeakMap<XMLHttpRequest, string>();
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: [string, string | URL]) {
      urls.set(this, String(args[1]));
      return open.apply(this, args as unknown as Parameters<typeof open>);
    } as typeof open;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
      if (body instanceof FormData)
        body.forEach((value) => {
          if (value instanceof File) {
            const url = urls.get(this) ?? '';
            copies.push(
              value.arrayBuffer().then((buf) => {
                let binary = '';
                for (const byte of new Uint8Array(buf)) binary += String.fromCharCode(byte);
                return { url, name: value.name, type: value.type, body: btoa(binary) };
              }),
            );
          }
        });
      return send.call(this, body);
    };
  });
  await setUpEncryption(alice.page, 'alice passphrase 1');
  await setUpEncryption(bob.page, 'bob passphrase 22');

  // Everything Alice's browser sends, to look for plaintext in it afterwards.
  const sent: { url: string; body: Buffer }[] = [];
  alice.page.on('request', (req) => {
    const body = req.postDataBuffer();
    if (body) sent.push({ url: req.url(), body });
  });

  await alice.page.getByRole('button', { name: 'New direct message' }).click();
  await alice.page.getByLabel('End-to-end encrypted conversation').check();
  await alice.page.getByLabel('Find a person').fill(bobName);
  await alice.page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(bobName) })
    .click();
  await expect(alice.page.locator('.badge-lock')).toHaveText(/Encrypted/);
  const box = alice.page.getByRole('textbox', { name: /^Message Bob/ });
  await box.fill('first, the key');
  await box.press('Enter');
  await expect(readable(alice.page, 'first, the key')).toHaveCount(1);

  const notes = `quarterly numbers ${uniqueName('n')}: revenue up, costs flat`;
  await alice.page.getByRole('button', { name: 'Attach files' }).click();
  await alice.page
    .locator('.composer input[type=file]')
    .setInputFiles([{ name: 'secret-plan.txt', mimeType: 'text/plain', buffer: Buffer.from(notes) }]);
  await box.click();
  await pastePicture(alice.page, 'mountain.png');
  const chips = alice.page.getByRole('list', { name: 'Attached files' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips.getByRole('progressbar')).toHaveCount(0, { timeout: 20_000 });
  await box.fill('the plan and the view');
  await box.press('Enter');
  await expect(chips).toHaveCount(0);
  const own = readable(alice.page, 'the plan and the view');
  await expect(own.getByRole('img', { name: 'mountain.png' })).toBeVisible();

  // Bob: the picture from its decrypted preview, then large; the text file downloads as it was.
  await waitLive(bob.page);
  await bob.page.getByRole('link', { name: /^Alice/ }).click();
  const row = readable(bob.page, 'the plan and the view');
  const thumb = row.getByRole('img', { name: 'mountain.png' });
  await expect(thumb).toBeVisible();
  expect(
    await thumb.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.src.startsWith('blob:')]),
  ).toEqual([360, true]);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/sealed-files-light.png` });
  await row.getByRole('button', { name: 'Open mountain.png' }).click();
  const lightbox = bob.page.getByRole('dialog', { name: 'mountain.png' });
  const large = lightbox.getByRole('img', { name: 'mountain.png' });
  await expect(large).toBeVisible();
  expect(await large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/sealed-files-lightbox.png` });
  await bob.page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();

  const card = row.getByRole('button', { name: 'Download secret-plan.txt' });
  await expect(card).toContainText('text/plain');
  // A byte changed on the way: a clear error, never wrong bytes.
  await bob.page.route('**/api/v1/files/*', async (route) => {
    const res = await route.fetch();
    const body = await res.body();
    body[body.length - 5] = body[body.length - 5]! ^ 1;
    await route.fulfill({ response: res, body });
  });
  await card.click();
  await expect(row.getByRole('alert')).toContainText('failed its integrity check');
  await bob.page.unroute('**/api/v1/files/*');
  const [download] = await Promise.all([bob.page.waitForEvent('download'), card.click()]);
  expect(download.suggestedFilename()).toBe('secret-plan.txt');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(notes);

  // The channel's Files list knows no names here: it leads to the message, where the files open.
  await bob.page.getByRole('button', { name: 'Files in this channel' }).click();
  const list = bob.page.getByRole('region', { name: 'Files in this channel' });
  await expect(list.getByText('Encrypted files')).toHaveCount(1);
  await expect(list).not.toContainText('secret-plan');
  await bob.page.getByRole('button', { name: 'Files in this channel' }).click();

  await bob.page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/sealed-files-dark.png` });
  await bob.page.setViewportSize({ width: 390, height: 800 });
  await bob.page.reload();
  await expect(thumb).toBeVisible();
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/sealed-files-phone.png` });

  // What left Alice's browser: three sealed uploads (picture, its preview, the text) named `file`, and
  // envelopes; no plaintext anywhere.
  const uploads = await alice.page.evaluate(() =>
    Promise.all((window as unknown as { sentUploads: Promise<unknown>[] }).sentUploads),
  );
  expect(uploads).toHaveLength(3);
  for (const u of uploads as { url: string; name: string; type: string; body: string }[]) {
    expect(u).toMatchObject({ name: 'file', type: 'application/octet-stream' });
    expect(u.url).toContain('sealed=1');
    sent.push({ url: u.url, body: Buffer.from(u.body, 'base64') });
  }
  const secrets = [notes.slice(0, 24), 'secret-plan', 'mountain', 'IHDR', 'JFIF', 'the plan and the view'];
  for (const { url, body } of sent)
    for (const secret of secrets) expect(body.includes(secret), `${secret} sent to ${url}`).toBe(false);
  await alice.context.close();
  await bob.context.close();
});
