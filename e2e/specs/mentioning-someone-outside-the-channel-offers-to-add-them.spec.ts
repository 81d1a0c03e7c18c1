import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import {
  PASSWORD,
  composer,
  messages,
  registerInNewContext,
  send,
  sidebar,
  uniqueName,
  waitLive,
} from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS;
const notice = (page: Page) => page.getByTestId('not-in-channel');
const titled = (name: string) => name[0]!.toUpperCase() + name.slice(1);

test('mentioning people who are not in the channel says they were not notified, and adds them on request', async ({
  browser,
  request,
}) => {
  const [aliceName, bobName, caraName] = [uniqueName('alice'), uniqueName('bob'), uniqueName('cara')];
  const alice = await registerInNewContext(browser, aliceName);
  const bob = await registerInNewContext(browser, bobName);
  const cara = await registerInNewContext(browser, caraName);
  await Promise.all([waitLive(alice.page), waitLive(bob.page), waitLive(cara.page)]);
  const design = uniqueName('design');
  await alice.page.getByRole('button', { name: 'Create a channel' }).click();
  await alice.page.getByLabel('Name').fill(design);
  await alice.page.getByRole('button', { name: 'Create channel' }).click();
  await expect(composer(alice.page, design)).toBeVisible();

  // A mention of someone outside the channel reaches no one, and the sender is told so at once.
  await send(alice.page, design, `@${bobName} can you review the mockups?`);
  await expect(notice(alice.page)).toContainText(
    `${titled(bobName)} isn't in #${design}, so they weren't notified. Add them?`,
  );
  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/not-in-channel.png` });
  await expect(sidebar(bob.page).getByRole('link', { name: design })).toHaveCount(0);

  // Adding them brings the channel to their sidebar, live, with the message that named them.
  await notice(alice.page)
    .getByRole('button', { name: `Add ${titled(bobName)}` })
    .click();
  await expect(notice(alice.page)).toHaveCount(0);
  await expect(
    alice.page.getByTestId('system-line').filter({ hasText: `added ${titled(bobName)}` }),
  ).toHaveCount(1);
  await sidebar(bob.page).getByRole('link', { name: design }).click();
  await expect(messages(bob.page).filter({ hasText: 'can you review the mockups?' })).toHaveCount(1);

  // The list after @ marks whom a mention would not reach, as Slack does.
  await composer(alice.page, design).pressSequentially(`@${caraName}`);
  await expect(alice.page.getByRole('option', { name: new RegExp(caraName) })).toContainText(
    'Not in channel',
  );
  await composer(alice.page, design).fill('');

  // A member is not named again; "Don't add" leaves the other one out. A broadcast asks about no one.
  await send(alice.page, design, `@here: @${bobName} and @${caraName} have the plan now`);
  await expect(notice(alice.page)).toContainText(`${titled(caraName)} isn't in #${design}`);
  await expect(notice(alice.page)).not.toContainText(titled(bobName));
  await notice(alice.page).getByRole('button', { name: "Don't add" }).click();
  await expect(notice(alice.page)).toHaveCount(0);
  await expect(sidebar(cara.page).getByRole('link', { name: design })).toHaveCount(0);

  // The same from a thread reply, where Bob (a member of a public channel) may add people too.
  const root = messages(bob.page).filter({ hasText: 'can you review the mockups?' });
  await root.hover();
  await root.getByRole('button', { name: 'Reply in thread' }).click();
  const reply = bob.page.getByRole('textbox', { name: 'Reply in thread' });
  await reply.fill(`Asking @${caraName} too`);
  await reply.press('Enter');
  const inThread = bob.page.getByRole('complementary', { name: 'Thread' }).getByTestId('not-in-channel');
  await inThread.getByRole('button', { name: `Add ${titled(caraName)}` }).click();
  await expect(inThread).toHaveCount(0);
  await expect(sidebar(cara.page).getByRole('link', { name: design })).toBeVisible();

  // A group's handle stands for its members: the one outside the channel is named and can be added.
  const daveName = uniqueName('dave');
  const dave = await request.post('/api/v1/auth/register', {
    headers: { 'x-parley-csrf': '1' },
    data: { username: daveName, displayName: titled(daveName), password: PASSWORD },
  });
  const handle = uniqueName('reviewers');
  const group = await alice.page.request.post('/api/v1/groups', {
    headers: { 'x-parley-csrf': '1' },
    data: { handle, name: 'Reviewers', userIds: [(await dave.json()).user.id] },
  });
  expect(group.status()).toBe(201);
  await send(alice.page, design, `@${handle} the mockups are ready`);
  await expect(notice(alice.page)).toContainText(`${titled(daveName)} isn't in #${design}`);
  await notice(alice.page)
    .getByRole('button', { name: `Add ${titled(daveName)}` })
    .click();
  await expect(
    alice.page.getByTestId('system-line').filter({ hasText: `added ${titled(daveName)}` }),
  ).toHaveCount(1);
});
