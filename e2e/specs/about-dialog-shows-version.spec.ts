import { expect, test } from '@playwright/test';
import { register, uniqueName } from '../support/journeys.js';

test('the About dialog shows Parley 1.13.0 and the cipher passes its known answers in Chromium', async ({
  page,
}) => {
  await register(page, uniqueName('curious'));
  await page
    .getByRole('button', { name: /user menu|account|profile/i })
    .first()
    .click();
  await page
    .getByRole('menuitem', { name: /about/i })
    .or(page.getByRole('button', { name: /about/i }))
    .first()
    .click();
  await expect(page.getByTestId('about-version')).toContainText('1.13.0');
  // The same NIST SP 800-38A F.5.5 and RFC 4231 vectors the Node tests use, in Chromium's WebCrypto.
  await page.getByRole('button', { name: 'Check encryption in this browser' }).click();
  await expect(page.getByTestId('crypto-self-test')).toHaveText('9 of 9 known-answer checks passed');
});
