import { expect, test } from '@playwright/test';
import { register, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

test('search finds part of a word from one person, marks it, and jumps to the message and to a thread reply', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const aliceName = uniqueName('alice');
  const alice = await registerInNewContext(browser, aliceName);
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const tag = uniqueName('rel');
  await send(alice.page, 'general', `Deployment of api-v2 finished, ticket ${tag}`);
  await send(bob.page, 'general', `deployment questions about ${tag}`);
  // A thread reply by Alice.
  const root = alice.page.getByTestId('message').filter({ hasText: `deployment questions about ${tag}` });
  await root.hover();
  await root.getByRole('button', { name: 'Reply in thread' }).click();
  const reply = alice.page.getByRole('textbox', { name: 'Reply in thread' });
  await reply.fill(`deploy checklist for ${tag} is in the wiki`);
  await reply.press('Enter');

  // Bob searches for part of a word, from Alice only.
  await bob.page.getByRole('link', { name: 'Search' }).click();
  const box = bob.page.getByRole('searchbox', { name: 'Search messages' });
  await expect(box).toBeFocused();
  await box.fill(`deplo ${tag} from:@${aliceName}`);
  await box.press('Enter');
  await expect(bob.page).toHaveURL(/\/search\?q=/);
  const results = bob.page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(results).toHaveCount(2);
  await expect(results.first().locator('mark').first()).toHaveText(/deplo/i);
  await expect(results.filter({ hasText: 'Thread in #general' })).toHaveCount(1);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/search-light.png` });
  await bob.page.emulateMedia({ colorScheme: 'dark' });
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/search-dark.png` });
  await bob.page.emulateMedia({ colorScheme: 'light' });

  // The channel message opens highlighted in #general; the reply opens its thread.
  await results.filter({ hasText: 'finished' }).click();
  await expect(bob.page).toHaveURL(/\/c\/general\/m\//);
  await expect(bob.page.getByTestId('message').filter({ hasText: 'api-v2 finished' })).toBeVisible();
  await bob.page.goBack();
  await results.filter({ hasText: 'Thread in #general' }).click();
  await expect(bob.page).toHaveURL(/\/c\/general\/t\//);
  await expect(
    bob.page.getByRole('complementary', { name: 'Thread' }).getByText(`deploy checklist for ${tag}`),
  ).toBeVisible();

  // A search it cannot run says why.
  await bob.page.goto('/search?q=on%3A2026-02-30');
  await expect(bob.page.getByRole('alert')).toContainText('YYYY-MM-DD');
  await alice.context.close();
  await bob.context.close();
});

test('search fills the phone screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await context.newPage();
  await register(page, uniqueName('phone'));
  await page.goto('/search');
  await expect(page.getByRole('searchbox', { name: 'Search messages' })).toBeVisible();
  await expect(page.getByLabel('Search filters')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/search-phone.png` });
  await context.close();
});
