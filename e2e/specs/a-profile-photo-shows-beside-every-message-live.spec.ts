import sharp from 'sharp';
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { messages, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS;

/** A photo as a phone takes it: wide, and not a square. */
const photo = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: '#c0392b' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="300" height="300"><circle cx="150" cy="150" r="140" fill="#f1c40f"/></svg>',
        ),
        left: 300,
        top: 150,
      },
    ])
    .jpeg()
    .toBuffer();

test('a profile photo set in settings shows beside every message, live in another tab, and removing it brings back initials', async ({
  browser,
}) => {
  const [annName, bobName] = [uniqueName('ann'), uniqueName('bob')];
  const ann = await registerInNewContext(browser, annName);
  const bobContext = await browser.newContext({ colorScheme: 'dark' });
  const bob = { context: bobContext, page: await bobContext.newPage() };
  const { register } = await import('../support/journeys.js');
  await register(bob.page, bobName);
  await Promise.all([waitLive(ann.page), waitLive(bob.page)]);
  await send(ann.page, 'general', 'Hello from Ann, photo coming');
  const annsMessage = messages(bob.page).filter({ hasText: 'Hello from Ann, photo coming' });
  await expect(annsMessage).toHaveCount(1);
  await expect(annsMessage.locator('.avatar img')).toHaveCount(0);

  await ann.page.goto('/settings/profile');
  const section = ann.page.getByRole('region', { name: 'Photo' });
  await section
    .getByLabel('Photo file')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  await expect(section.getByRole('button', { name: 'Change photo' })).toBeVisible();
  const own = section.locator('.avatar img');
  await expect(own).toBeVisible();
  await expect.poll(() => own.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
  expect(await seriousViolations(ann.page)).toEqual([]);
  if (SHOTS) await ann.page.screenshot({ path: `${SHOTS}/profile-photo.png` });

  // Bob's tab shows it beside Ann's message at once, without a reload.
  const avatar = annsMessage.locator('.avatar img');
  await expect(avatar).toBeVisible();
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/profile-photo-dark.png` });

  // A picture that is not one is refused with a reason, and the photo stays.
  await section
    .getByLabel('Photo file')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
  await expect(section.getByRole('alert')).toContainText(/PNG, JPEG, WebP or GIF/);
  await expect(avatar).toBeVisible();

  await section.getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByRole('button', { name: 'Upload a photo' })).toBeVisible();
  await expect(annsMessage.locator('.avatar img')).toHaveCount(0);
  await expect(annsMessage.locator('.avatar')).toHaveText(annName.slice(0, 1).toUpperCase());
  await ann.context.close();
  await bob.context.close();
});
