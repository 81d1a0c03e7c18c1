import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { composer, PASSWORD, registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;
const lines = (page: Page) => page.getByTestId('system-line');
const headers = { 'x-parley-csrf': '1' };

/** A third or fourth person, through the API alone: their browser is not what this journey looks at. */
async function registerByApi(browser: Browser, username: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const res = await context.request.post('/api/v1/auth/register', {
    headers,
    data: { username, displayName: username[0]!.toUpperCase() + username.slice(1), password: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  return context;
}

async function joinByApi(context: BrowserContext, name: string) {
  const browse = await (await context.request.get('/api/v1/channels?scope=browse')).json();
  const channel = browse.channels.find((c: { name: string }) => c.name === name);
  expect((await context.request.post(`/api/v1/channels/${channel.id}/join`, { headers })).ok()).toBe(true);
}

test('system lines show who joined, left and changed the channel, live and after a reload, and never as unread', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const name = uniqueName('design');

  await alice.page.getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByLabel('Name').fill(name);
  await alice.page.getByRole('button', { name: 'Create channel' }).click();
  await expect(composer(alice.page, name)).toBeVisible();

  // Bob joins from Browse: Alice, reading the channel, sees it live.
  await bob.page.getByRole('button', { name: 'Browse channels' }).click();
  await bob.page
    .getByRole('listitem')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Join' })
    .click();
  await expect(composer(bob.page, name)).toBeVisible();
  await expect(lines(alice.page).last()).toHaveText(new RegExp(`^Bob.* joined #${name}`));

  // Alice sets the topic: Bob sees the line live, with Alice's name.
  await alice.page.getByRole('button', { name: 'Add a topic' }).click();
  await alice.page.getByLabel('Channel topic').fill('Pixels, type and the launch');
  await alice.page.getByLabel('Channel topic').press('Enter');
  await expect(lines(bob.page).last()).toHaveText(/^Alice.* set the topic: Pixels, type and the launch/);
  await expect(lines(bob.page).last()).toHaveAttribute('data-type', 'topic');

  // Bob reads #general while Carol and Dan join: one collapsed row, and no unread badge for Bob.
  await bob.page.getByRole('link', { name: /^# general/ }).click();
  await expect(composer(bob.page, 'general')).toBeVisible();
  const carol = await registerByApi(browser, uniqueName('carol'));
  const dan = await registerByApi(browser, uniqueName('dan'));
  await joinByApi(carol, name);
  await joinByApi(dan, name);
  await expect(lines(alice.page).last()).toHaveText(new RegExp(`^Carol.* and Dan.* joined #${name}`));
  const link = bob.page.getByRole('link', { name: new RegExp(name) });
  await expect(link).toBeVisible();
  await expect(link.getByLabel(/unread/)).toHaveCount(0);
  await expect(link).not.toHaveClass(/unread/);

  // Opening it shows no "New messages" line, and a system line has no actions.
  await link.click();
  await expect(lines(bob.page).last()).toContainText('joined');
  await expect(bob.page.locator('.new-line')).toHaveCount(0);
  await lines(bob.page).first().hover();
  await expect(
    lines(bob.page)
      .first()
      .getByRole('button', { name: /Edit|Delete|reaction|thread|Pin|Save/ }),
  ).toHaveCount(0);
  // The actor's name opens their card, like any name.
  await lines(bob.page)
    .last()
    .getByRole('button', { name: /^Carol/ })
    .click();
  await expect(bob.page.getByRole('dialog')).toBeVisible();
  await bob.page.keyboard.press('Escape');

  // Dan leaves: the line shows; a reload shows exactly what the live tab showed.
  const joined = await (await dan.request.get('/api/v1/channels')).json();
  const channelId = joined.channels.find((c: { name: string }) => c.name === name).id;
  expect((await dan.request.post(`/api/v1/channels/${channelId}/leave`, { headers })).ok()).toBe(true);
  await expect(lines(alice.page).last()).toHaveText(new RegExp(`^Dan.* left #${name}`));
  const live = await lines(alice.page).allInnerTexts();
  await alice.page.reload();
  // Retried: the list may still be placing its rows (hidden) in the moment they are first counted.
  await expect(lines(alice.page)).toHaveText(live, { useInnerText: true });

  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/system-lines-light.png` });
  await alice.page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/system-lines-dark.png` });
  await bob.page.setViewportSize({ width: 390, height: 760 });
  await expect(lines(bob.page).last()).toBeVisible();
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/system-lines-phone.png` });

  for (const c of [alice.context, bob.context, carol, dan]) await c.close();
});
