import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSWORD, registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';

test.setTimeout(180_000);

const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-lim';
const CROWD = 55;

async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include('.members-panel').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the members panel of a big channel loads more on scroll, searches by name, and adds someone found by search', async ({
  browser,
  request,
}) => {
  // Usernames that sort last, so other journeys' people stay in the first 200 of the people list.
  const tag = uniqueName('zzcrowd');
  const ids: string[] = [];
  for (let i = 0; i < CROWD; i++) {
    const username = `${tag}m${String(i).padStart(2, '0')}`;
    const res = await request.post('/api/v1/auth/register', {
      headers: { 'x-parley-csrf': '1' },
      data: { username, displayName: `Crowd ${tag} ${i}`, password: PASSWORD },
    });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).user.id);
  }
  const latecomer = uniqueName('latecomer');
  await registerInNewContext(browser, latecomer).then(({ context }) => context.close());

  const aliceName = uniqueName('alice');
  const alice = await registerInNewContext(browser, aliceName);
  const headers = {
    cookie: (await alice.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
    'x-parley-csrf': '1',
  };
  const channel = uniqueName('crowded');
  const created = await request.post('/api/v1/channels', {
    headers,
    data: { name: channel, kind: 'private' },
  });
  const channelId = (await created.json()).channel.id;
  for (const userId of ids)
    expect(
      (await request.post(`/api/v1/channels/${channelId}/members`, { headers, data: { userId } })).status(),
    ).toBe(201);

  const { page } = alice;
  await page.goto(`/c/${channel}`);
  await waitLive(page);
  await page.getByRole('button', { name: /^Members/ }).click();
  const panel = page.getByRole('complementary', { name: 'Members' });
  await expect(panel.getByRole('heading', { name: `Members · ${CROWD + 1}` })).toBeVisible();
  const crowd = panel.locator('.member-list li').filter({ hasText: `@${tag}` });
  // The first page of 50 is Alice (sorted first) and 49 of the crowd.
  await expect(crowd).toHaveCount(49);
  for (let i = 0; i < 20 && (await crowd.count()) < CROWD; i++) {
    await panel.locator('.member-list').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(150);
  }
  await expect(crowd).toHaveCount(CROWD);

  await panel.getByLabel('Search members').fill(`${tag}m0`.toUpperCase());
  await expect(crowd).toHaveCount(10);
  await panel.getByLabel('Search members').fill(`crowd ${tag} 54`);
  await expect(crowd).toHaveCount(1);
  await panel.getByLabel('Search members').fill('');

  await panel.getByLabel('Find someone to add').fill(latecomer);
  await panel
    .getByLabel('Person to add')
    .selectOption({ label: `${latecomer[0]!.toUpperCase()}${latecomer.slice(1)} (@${latecomer})` });
  await panel.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(panel.getByRole('heading', { name: `Members · ${CROWD + 2}` })).toBeVisible();
  await panel.getByLabel('Search members').fill(latecomer);
  await expect(panel.locator('.member-list li').filter({ hasText: `@${latecomer}` })).toHaveCount(1);
  // Clearing the search shows the pages already loaded, refreshed with the newcomer.
  await panel.getByLabel('Search members').fill('');
  await expect(crowd).toHaveCount(CROWD);

  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/members-panel-light.png` });
  await alice.context.close();

  for (const [label, options] of [
    ['dark', { colorScheme: 'dark' as const }],
    ['phone', { colorScheme: 'light' as const, viewport: { width: 390, height: 844 } }],
  ] as const) {
    const context = await browser.newContext(options);
    const other = await context.newPage();
    await other.goto('/login');
    await other.getByLabel('Username').fill(aliceName);
    await other.getByLabel('Password').fill(PASSWORD);
    await other.getByRole('button', { name: 'Sign in' }).click();
    await waitLive(other);
    await other.goto(`/c/${channel}`);
    await other.getByRole('button', { name: /^Members/ }).click();
    await expect(other.locator('.member-list li').filter({ hasText: `@${tag}` })).toHaveCount(49);
    expect(await seriousViolations(other)).toEqual([]);
    await other.screenshot({ path: `${SHOTS}/members-panel-${label}.png` });
    await context.close();
  }
});
