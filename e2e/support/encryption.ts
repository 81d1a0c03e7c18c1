import { expect, type Page } from '@playwright/test';

/** Settings → Encryption: choose a passphrase, keep the recovery key, return it. */
export async function setUpEncryption(page: Page, passphrase: string): Promise<string> {
  await page.goto('/settings/encryption');
  await page.getByLabel('Encryption passphrase').fill(passphrase);
  await page.getByLabel('Repeat the passphrase').fill(passphrase);
  await page.getByRole('button', { name: 'Set up encryption' }).click();
  const recoveryKey = (await page.getByTestId('recovery-key').textContent({ timeout: 20_000 })) ?? '';
  expect(recoveryKey).toMatch(/^([A-Z2-7]{4}-){7}[A-Z2-7]{4}$/);
  await page.getByLabel('I have saved my recovery key').check();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('own-fingerprint')).toBeVisible();
  return recoveryKey;
}

export async function ownFingerprint(page: Page): Promise<string> {
  await page.goto('/settings/encryption');
  return (await page.getByTestId('own-fingerprint').textContent()) ?? '';
}

/** A message row whose text decrypted and verified. */
export const readable = (page: Page, text: string) =>
  page.getByTestId('message').filter({ has: page.locator('[data-crypto="ok"]'), hasText: text });
