import { expect, test } from '@playwright/test';
import { register, send, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

// Regression: on a touch screen a tap showed the desktop hover toolbar over the author's name.
test('on a phone a tapped message opens its actions as a named sheet, which an action closes', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 800 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const name = uniqueName('tapper');
  await register(page, name);
  await waitLive(page);
  // Long enough to reach down behind where the sheet comes up.
  const text = `${name} asks: can someone review the release notes before noon? ${'The draft covers the new sync feed, threads, reactions and the search filters. '.repeat(4)}`;
  await send(page, 'general', text);
  const message = page.getByTestId('message').filter({ hasText: text });
  await expect(message).toBeVisible();

  // The text, not the author's name, which opens a profile card.
  await message.locator('.message-text').tap();
  const sheet = message.locator('.message-actions');
  await expect(sheet).toHaveCSS('opacity', '1');
  const box = (await sheet.boundingBox())!;
  expect(Math.round(box.y + box.height)).toBe(800);
  expect(Math.round(box.width)).toBe(390);
  // Each action is named on the sheet, as the icons alone say little to a thumb.
  const save = sheet.getByRole('button', { name: 'Save for later' });
  expect(await save.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"Save for later"');
  expect(await seriousViolations(page)).toEqual([]);

  await save.tap();
  await expect(sheet).toHaveCSS('opacity', '0');
  await expect(message.getByRole('button', { name: 'Remove from saved' })).toBeAttached();

  // Add reaction on the sheet opens the picker; picking an emoji reacts, as from the desktop toolbar.
  await message.locator('.message-text').tap();
  await expect(sheet).toHaveCSS('opacity', '1');
  await sheet.getByRole('button', { name: 'Add reaction' }).tap();
  const picker = page.getByRole('dialog', { name: 'Add reaction' });
  await expect(picker).toBeVisible();
  await picker.getByRole('combobox').fill('tada');
  await picker.getByRole('option', { name: /party popper/i }).tap();
  await expect(picker).toBeHidden();
  // Regression: focus went back to the action, which opened the sheet again over the new reaction.
  await expect(sheet).toHaveCSS('opacity', '0');
  await expect(message.getByRole('button', { name: /🎉/ })).toBeVisible();

  // The page dims behind the sheet, as in Slack, and a tap on it closes the sheet and does nothing else.
  // Tapped low on the text, where the sheet comes up: there is an action under the finger.
  const textBox = (await message.locator('.message-text').boundingBox())!;
  const finger = { x: textBox.x + 24, y: textBox.y + textBox.height - 6 };
  expect(finger.y).toBeGreaterThan(box.y);
  await page.touchscreen.tap(finger.x, finger.y);
  await expect(sheet).toHaveCSS('opacity', '1');
  const scrim = await message.evaluate((el) => getComputedStyle(el, '::after').backgroundColor);
  expect(scrim).not.toBe('rgba(0, 0, 0, 0)');
  // Regression: the action that came up under the finger kept its hover background, as if chosen.
  // Chromium moves hover to what came up under a resting finger a moment after the layout changes.
  const hovered = sheet.locator('.icon-button:hover');
  await expect(hovered).toHaveCount(1);
  await expect(hovered).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await page.touchscreen.tap(195, 120);
  await expect(sheet).toHaveCSS('opacity', '0');
  await expect(page).toHaveURL(/\/c\/general$/);

  // Forward from the sheet opens its dialog; closing it does not bring the sheet back.
  await message.locator('.message-text').tap();
  await expect(sheet).toHaveCSS('opacity', '1');
  await sheet.getByRole('button', { name: 'Forward message' }).tap();
  const forward = page.getByRole('dialog', { name: 'Forward message' });
  await expect(forward.getByRole('radio', { name: '#general' })).toBeVisible();
  await forward.getByRole('button', { name: 'Cancel' }).tap();
  await expect(forward).toBeHidden();
  await expect(sheet).toHaveCSS('opacity', '0');
  await context.close();
});
