import { expect, test } from '@playwright/test';
import { composer, register, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
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
  await send(
    alice.page,
    'general',
    `**Deployment** of api-v2 finished, ticket ${tag}, notes in [the wiki](https://example.com/wiki)`,
  );
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
  await expect(bob.page.getByRole('status').filter({ hasText: 'results' })).toHaveText('2 results');
  await expect(results.first().locator('mark').first()).toHaveText(/deplo/i);
  await expect(results.filter({ hasText: 'Thread in #general' })).toHaveCount(1);
  // Shown formatted, as in the channel: no markdown marks, and its link as text inside the result's link.
  const formatted = results.filter({ hasText: 'finished' });
  await expect(formatted).toContainText('Deployment of api-v2 finished');
  await expect(formatted.locator('strong mark')).toHaveText(/deplo/i);
  await expect(formatted.locator('a')).toHaveCount(0);
  await expect(formatted.locator('.md-link')).toHaveText('the wiki');
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

test('search finds a file by part of its name, and has:file keeps only messages with files', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const tag = uniqueName('budget');
  await send(alice.page, 'general', `plans for ${tag} come later`);
  await alice.page.getByRole('button', { name: 'Attach files' }).click();
  await alice.page
    .locator('.composer input[type=file]')
    .setInputFiles([
      { name: `${tag}-forecast.csv`, mimeType: 'text/csv', buffer: Buffer.from('month,amount\n1,2\n') },
    ]);
  const chips = alice.page.getByRole('list', { name: 'Attached files' });
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(chips.getByText('%')).toHaveCount(0);
  await composer(alice.page, 'general').press('Enter');
  await expect(chips).toHaveCount(0);

  await bob.page.goto(`/search?q=${encodeURIComponent(`${tag.slice(0, -2)} has:file`)}`);
  const results = bob.page.getByRole('list', { name: 'Search results' }).getByRole('link');
  await expect(results).toHaveCount(1);
  await expect(results.first().locator('mark')).toHaveText(tag.slice(0, -2));
  await expect(results.first()).toContainText(`${tag}-forecast.csv`);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/search-file.png` });
  await results.first().click();
  await expect(bob.page).toHaveURL(/\/c\/general\/m\//);
  await expect(bob.page.getByTestId('message').filter({ hasText: `${tag}-forecast.csv` })).toBeVisible();
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
