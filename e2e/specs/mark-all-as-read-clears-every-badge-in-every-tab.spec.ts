import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { registerInNewContext, sidebar, uniqueName, waitLive } from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS;

test('mark all as read asks first, then clears every badge here and in the other tab', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bobName = uniqueName('bob');
  const bob = await registerInNewContext(browser, bobName);
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  // Bob reads something else while two channels fill up.
  await bob.page.goto('/saved');
  const other = await bob.context.newPage();
  await other.goto('/threads');
  await waitLive(other);
  const names = [uniqueName('plans'), uniqueName('ops')];
  for (const name of names) {
    const created = await alice.page.request.post('/api/v1/channels', {
      headers: { 'x-parley-csrf': '1' },
      data: { name, kind: 'public' },
    });
    const id = (await created.json()).channel.id;
    await alice.page.request.post(`/api/v1/channels/${id}/members`, {
      headers: { 'x-parley-csrf': '1' },
      data: { userId: (await (await bob.page.request.get('/api/v1/auth/session')).json()).user.id },
    });
    await alice.page.request.post(`/api/v1/channels/${id}/messages`, {
      headers: { 'x-parley-csrf': '1' },
      data: { clientId: `${name}-1`, body: `@${bobName} news in ${name}` },
    });
  }
  const link = (page: typeof other, name: string) =>
    sidebar(page).getByRole('link', { name: new RegExp(name) });
  for (const page of [bob.page, other])
    for (const name of names) await expect(link(page, name)).toHaveClass(/unread/);

  // The sidebar offers it while something is unread; Cancel changes nothing.
  const button = sidebar(bob.page).getByRole('button', { name: 'Mark all as read' });
  await button.click();
  const dialog = bob.page.getByRole('dialog', { name: 'Mark everything as read?' });
  await expect(dialog).toContainText('have unread messages');
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/mark-all-read.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(link(bob.page, names[0]!)).toHaveClass(/unread/);

  // Confirming clears every badge in both tabs.
  await button.click();
  await dialog.getByRole('button', { name: 'Mark as read' }).click();
  await expect(dialog).toHaveCount(0);
  for (const page of [bob.page, other])
    for (const name of names) await expect(link(page, name)).not.toHaveClass(/unread/);
  await expect(button).toHaveCount(0);
  await expect(sidebar(other).getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
  await alice.context.close();
  await bob.context.close();
});
