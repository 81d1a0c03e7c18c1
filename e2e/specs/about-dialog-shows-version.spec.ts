import { expect, test } from '@playwright/test';
import { register, uniqueName } from '../support/journeys.js';

test('the About dialog shows Parley 1.13.0', async ({ page }) => {
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
});
