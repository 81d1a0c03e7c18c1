import { expect, test, type APIRequestContext, type BrowserContext } from '@playwright/test';
import {
  connectionState,
  messages,
  registerInNewContext,
  uniqueName,
  waitLive,
} from '../support/journeys.js';

/** The API as the context's user, for changes made by someone else while a tab is away. */
async function apiAs(request: APIRequestContext, context: BrowserContext) {
  const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie, 'x-parley-csrf': '1' };
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await request.fetch(`/api/v1${path}`, { method, headers, data });
    expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
    return res.status() === 204 ? undefined : res.json();
  };
  return call;
}

test('edits, deletes, reactions, thread replies, renames and a removal made while a tab is offline show after it reconnects, without a reload', async ({
  browser,
  request,
}) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  const asAlice = await apiAs(request, alice.context);
  const asBob = await apiAs(request, bob.context);
  const name = uniqueName('away');
  const { channel } = await asAlice('POST', '/channels', { name, kind: 'public', topic: 'before' });
  await asBob('POST', `/channels/${channel.id}/join`);
  const post = async (body: string) =>
    (await asAlice('POST', `/channels/${channel.id}/messages`, { clientId: crypto.randomUUID(), body }))
      .message;
  const [keep, gone, loved] = [
    await post('first words'),
    await post('doomed words'),
    await post('lovely words'),
  ];

  await bob.page.goto(`/c/${name}`);
  await waitLive(bob.page);
  await expect(messages(bob.page).filter({ hasText: 'lovely words' })).toHaveCount(1);

  await bob.context.setOffline(true);
  await expect(connectionState(bob.page)).toHaveAttribute('data-connection-state', 'offline');
  await asAlice('PATCH', `/messages/${keep.id}`, { body: 'first words, edited' });
  await asAlice('DELETE', `/messages/${gone.id}`);
  await asAlice('PUT', `/messages/${loved.id}/reactions/${encodeURIComponent('🎉')}`);
  for (const body of ['thread one', 'thread two'])
    await asAlice('POST', `/channels/${channel.id}/messages`, {
      clientId: crypto.randomUUID(),
      body,
      threadRootId: loved.id,
    });
  await asAlice('PATCH', `/channels/${channel.id}`, { topic: 'after the tunnel' });
  await asAlice('PATCH', `/channels/${channel.id}`, { name: `${name}-new` });

  await bob.context.setOffline(false);
  await waitLive(bob.page);
  const row = (text: string) => messages(bob.page).filter({ hasText: text });
  await expect(row('first words, edited')).toHaveCount(1);
  await expect(row('first words, edited')).toContainText('(edited)');
  await expect(row('doomed words')).toHaveCount(0);
  await expect(messages(bob.page).filter({ hasText: 'This message was deleted.' })).toHaveCount(1);
  await expect(row('lovely words').getByRole('button', { name: 'React with 🎉' })).toContainText('1');
  await expect(row('lovely words').getByTestId('thread-summary')).toContainText('2 replies');
  await expect(row('thread one')).toHaveCount(0);
  await expect(bob.page).toHaveURL(new RegExp(`/c/${name}-new$`));
  await expect(bob.page.getByText('after the tunnel').first()).toBeVisible();

  // What a fresh load shows is what the tab already showed.
  const before = await messages(bob.page).allInnerTexts();
  await bob.page.reload();
  await waitLive(bob.page);
  await expect(row('lovely words')).toBeVisible();
  await expect(row('lovely words').getByTestId('thread-summary')).toBeVisible();
  expect(await messages(bob.page).allInnerTexts()).toEqual(before);

  // A removal while away: the tab says so and leaves the channel.
  const { channel: secret } = await asAlice('POST', '/channels', {
    name: uniqueName('secret'),
    kind: 'private',
  });
  const bobId = (await asBob('GET', '/auth/session')).user.id;
  await asAlice('POST', `/channels/${secret.id}/members`, { userId: bobId });
  await bob.page.goto(`/c/${secret.name}`);
  await waitLive(bob.page);
  await bob.context.setOffline(true);
  await expect(connectionState(bob.page)).toHaveAttribute('data-connection-state', 'offline');
  await asAlice('DELETE', `/channels/${secret.id}/members/${bobId}`);
  await bob.context.setOffline(false);
  await expect(bob.page.getByText(`You were removed from #${secret.name}.`)).toBeVisible();
  await expect(bob.page).not.toHaveURL(new RegExp(`/c/${secret.name}`));
  await expect(bob.page.getByRole('link', { name: new RegExp(secret.name) })).toHaveCount(0);

  await alice.context.close();
  await bob.context.close();
});
