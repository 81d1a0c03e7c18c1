import { expect, test } from '@playwright/test';
import { io } from 'socket.io-client';
import { OWNER } from '../support/global-setup.js';
import { APP_URL } from '../support/env.js';
import {
  composer,
  messages,
  registerInNewContext,
  send,
  signIn,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;
const BOTS_CARD = 'section[aria-labelledby="bots-title"]';
const CSRF = { 'x-parley-csrf': '1' };

test('an admin adds a bot; with its token a script posts where it was invited and hears replies, until the token is renewed', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000);
  const botName = uniqueName('deploybot');
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  const channel = uniqueName('releases');

  // The owner adds the bot in Admin and copies its token, shown this once.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, OWNER.username, OWNER.password);
  await owner.goto('/admin');
  const section = owner.getByRole('region', { name: 'Bots' });
  await section.getByLabel(/^Name/).fill('Deploys');
  await section.getByLabel(/^Username/).fill(botName);
  await section.getByRole('button', { name: 'Add bot' }).click();
  const tokenBox = section.getByRole('textbox', { name: 'Bot token' });
  await expect(tokenBox).toHaveValue(/^parley_bot_[A-Za-z0-9_-]{43}$/);
  const token = await tokenBox.inputValue();
  await expect(section.getByLabel('Example command')).toContainText(`Authorization: Bearer ${token}`);
  expect(await seriousViolations(owner, BOTS_CARD)).toEqual([]);
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/bot-added.png` });
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByRole('listitem').filter({ hasText: `@${botName}` })).toContainText(
    'token never used',
  );

  // The script starts: the API with its token, no cookie, and says which slash command it answers.
  const script = await playwright.request.newContext({
    baseURL: APP_URL,
    extraHTTPHeaders: { authorization: `Bearer ${token}` },
  });
  const registered = await script.put('/api/v1/bots/me/commands', {
    data: { commands: [{ name: 'deploy', description: 'Deploys a branch', args: '[branch]' }] },
  });
  expect(registered.status()).toBe(200);

  // Bob makes a channel and invites the bot as he would a person.
  await bob.page.goto('/');
  await waitLive(bob.page);
  await bob.page.request.post('/api/v1/channels', {
    headers: { 'x-parley-csrf': '1' },
    data: { name: channel, kind: 'public' },
  });
  await bob.page.goto(`/c/${channel}`);
  // As a person would: "@dep", the bot picked from the list, then Enter.
  const box = composer(bob.page, channel);
  await box.pressSequentially(`/invite @${botName.slice(0, 6)}`);
  const option = bob.page.getByRole('option', { name: new RegExp(`Deploys @${botName}`) });
  await expect(option).toContainText('Not in channel');
  await box.press('Enter');
  await expect(box).toHaveValue(`/invite @${botName} `);
  await box.press('Enter');
  await expect(bob.page.getByTestId('system-line').filter({ hasText: 'added Deploys' })).toBeVisible();
  await expect(bob.page.getByRole('listbox', { name: 'People to mention' })).toHaveCount(0);

  // Its socket hears the channel, and its command: it acks, then answers by posting.
  const mine = await (await script.get('/api/v1/channels')).json();
  const target = mine.channels.find((c: { name: string }) => c.name === channel);
  expect(target).toBeTruthy();
  const socket = io(APP_URL, { auth: { token }, transports: ['websocket'], reconnection: false });
  const heard = new Promise<string>((resolve) =>
    socket.on('message:created', (e: { message: { body: string | null } }) => {
      if (e.message.body?.includes('thanks')) resolve(e.message.body);
    }),
  );
  type Invoked = { channelId: string; text: string; userId: string; threadRootId?: string };
  socket.on('command:invoked', (e: Invoked, ack: () => void) => {
    ack();
    // No branch: only the one who asked is told, as Slack's apps answer ephemerally.
    if (!e.text)
      void script.post(`/api/v1/channels/${e.channelId}/ephemeral`, {
        data: {
          userId: e.userId,
          text: 'Which branch? Try `/deploy staging`.',
          threadRootId: e.threadRootId,
        },
      });
    else
      void script.post(`/api/v1/channels/${e.channelId}/messages`, {
        data: { clientId: crypto.randomUUID(), body: `Deploying \`${e.text}\`…` },
      });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const posted = await script.post(`/api/v1/channels/${target.id}/messages`, {
    data: { clientId: crypto.randomUUID(), body: 'Deployed **v2.1** to production' },
  });
  expect(posted.status()).toBe(201);

  // Bob sees it live, under the bot's name with its tag, and replies; the script hears him.
  const row = messages(bob.page).filter({ hasText: 'Deployed v2.1' });
  await expect(row.locator('.message-author')).toHaveText('Deploys');
  await expect(row.locator('.badge-app')).toHaveText('Bot');
  await send(bob.page, channel, `@${botName} thanks!`);
  expect(await heard).toContain('thanks');
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/bot-message.png` });
  await row.locator('.message-author').click();
  const card = bob.page.getByRole('dialog', { name: 'Profile of Deploys' });
  await expect(card.getByText('Bot', { exact: true })).toBeVisible();
  await bob.page.keyboard.press('Escape');

  // Carol is in the channel too, and sees only what the bot posts for everyone.
  const carol = await registerInNewContext(browser, uniqueName('carol'));
  expect((await carol.page.request.post(`/api/v1/channels/${target.id}/join`, { headers: CSRF })).ok()).toBe(
    true,
  );
  await carol.page.goto(`/c/${channel}`);
  await waitLive(carol.page);

  // The bot's slash command is in Bob's list beside Parley's own; run without a branch, only he is answered.
  await box.pressSequentially('/dep');
  const commands = bob.page.getByRole('listbox', { name: 'Commands' });
  await expect(commands.getByRole('option')).toHaveText(['/deploy [branch]Deploys a branch · Deploys']);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/bot-command-list.png` });
  await box.press('Tab');
  await box.press('Enter');
  await expect(bob.page.getByText('/deploy went to Deploys.')).toBeVisible();
  const onlyBob = bob.page.getByRole('list', { name: 'Only visible to you' }).getByRole('listitem');
  await expect(onlyBob).toContainText('Which branch? Try /deploy staging.');
  await expect(onlyBob).toContainText('Deploys');
  await expect(onlyBob.locator('.badge-app')).toHaveText('Bot');
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/bot-ephemeral.png` });
  await box.pressSequentially('/deploy staging');
  await box.press('Enter');
  const answer = messages(bob.page).filter({ hasText: 'Deploying staging…' });
  await expect(answer.locator('.badge-app')).toHaveText('Bot');
  await expect(box).toHaveValue('');
  await expect(messages(carol.page).filter({ hasText: 'Deploying staging…' })).toBeVisible();
  await expect(carol.page.getByText('Which branch?')).toHaveCount(0);

  // Dark, and on a phone.
  await bob.page.emulateMedia({ colorScheme: 'dark' });
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/bot-message-dark.png` });
  await bob.page.setViewportSize({ width: 390, height: 844 });
  await expect(row.locator('.badge-app')).toBeVisible();
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/bot-message-phone-dark.png` });
  await onlyBob.getByRole('button', { name: 'Dismiss the message from Deploys' }).click();
  await expect(onlyBob).toHaveCount(0);

  // From a thread's composer too: the bot is told the thread, and answers Bob there.
  await row.click();
  await row.getByRole('button', { name: 'Reply in thread' }).click();
  const thread = bob.page.getByRole('complementary', { name: 'Thread' });
  const reply = thread.getByRole('textbox', { name: 'Reply in thread' });
  await reply.pressSequentially('/dep');
  await reply.press('Tab');
  await reply.press('Enter');
  await expect(thread.getByRole('list', { name: 'Only visible to you' })).toContainText('Which branch?');
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/bot-thread-ephemeral-phone-dark.png` });
  await thread.getByRole('button', { name: 'Close thread' }).click();

  // As if it leaked, the owner gives it a new token: the old one stops and its socket closes.
  await owner.reload();
  const item = section.getByRole('listitem').filter({ hasText: `@${botName}` });
  await expect(item).toContainText('token last used');
  const closed = new Promise((resolve) => socket.once('disconnect', resolve));
  await item.getByRole('button', { name: 'New token for Deploys' }).click();
  await owner
    .getByRole('dialog', { name: 'A new token for Deploys?' })
    .getByRole('button', { name: 'Make a new token' })
    .click();
  await expect(section.getByText('has a new token')).toBeVisible();
  expect(await tokenBox.inputValue()).not.toBe(token);
  await closed;
  expect((await script.get('/api/v1/channels')).status()).toBe(401);
  await owner.emulateMedia({ colorScheme: 'dark' });
  await owner.setViewportSize({ width: 390, height: 844 });
  expect(await seriousViolations(owner, BOTS_CARD)).toEqual([]);
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/bot-renewed-phone-dark.png` });
  await section.getByRole('button', { name: 'Done' }).click();

  // Removed, it stays in the list, marked, with its messages still in the channel.
  await item.getByRole('button', { name: 'Remove Deploys' }).click();
  await owner
    .getByRole('dialog', { name: 'Remove Deploys?' })
    .getByRole('button', { name: 'Remove bot' })
    .click();
  await expect(item).toContainText('Removed');
  await expect(composer(bob.page, channel)).toBeVisible();
  await expect(row).toBeVisible();
  socket.close();
  await script.dispose();
  await Promise.all([ownerContext, bob.context, carol.context].map((c) => c.close()));
});
