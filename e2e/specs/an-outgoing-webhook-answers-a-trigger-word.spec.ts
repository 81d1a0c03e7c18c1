import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { messages, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS;

async function post(page: Page, path: string, data?: unknown) {
  const res = await page.request.post(`/api/v1${path}`, { headers: { 'x-parley-csrf': '1' }, data });
  return res.json();
}

/** A deploy bot on this machine: checks each call's signature and answers "deploy <app>". */
async function startDeployBot() {
  const state = { secret: '', verified: 0, refused: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const timestamp = String(req.headers['x-parley-timestamp']);
      const expected = `v1=${createHmac('sha256', state.secret).update(`v1:${timestamp}:${raw}`).digest('hex')}`;
      if (req.headers['x-parley-signature'] !== expected) {
        state.refused++;
        return res.writeHead(401).end();
      }
      state.verified++;
      const call = JSON.parse(raw);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: `Deploying **${call.text.split(' ')[1]}** for @${call.userName} 🚀` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/parley`, state, server };
}

test('a channel admin adds an outgoing webhook; a trigger word sent by anyone gets its answer, live for all', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const deployBot = await startDeployBot();
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bobName = uniqueName('bob');
  const bob = await registerInNewContext(browser, bobName);
  const channel = uniqueName('ops');
  const { channel: made } = await post(alice.page, '/channels', { name: channel, kind: 'public' });
  await post(bob.page, `/channels/${made.id}/join`);
  for (const { page } of [alice, bob]) {
    await page.goto(`/c/${channel}`);
    await waitLive(page);
  }

  await alice.page.getByRole('button', { name: 'Channel actions' }).click();
  await alice.page.getByRole('menuitem', { name: /^Webhooks/ }).click();
  const dialog = alice.page.getByRole('dialog', { name: `Webhooks in #${channel}` });
  const outgoing = dialog.getByRole('region', { name: 'Outgoing webhooks' });
  await outgoing.getByLabel('Name').fill('Deployer');
  await outgoing.getByLabel('URL').fill(deployBot.url);
  await outgoing.getByLabel('Trigger words (optional)').fill('deploy, ship');
  await outgoing.getByRole('button', { name: 'Add outgoing webhook' }).click();
  const secretBox = outgoing.getByRole('textbox', { name: 'Signing secret' });
  await expect(secretBox).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  deployBot.state.secret = await secretBox.inputValue();
  expect(await seriousViolations(alice.page, 'dialog[open]')).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/outgoing-webhook-added.png` });
  await outgoing.getByRole('button', { name: 'Done' }).click();

  // Bob, no admin, sees it listed but cannot add one.
  await bob.page.getByRole('button', { name: 'Channel actions' }).click();
  await bob.page.getByRole('menuitem', { name: /^Webhooks/ }).click();
  const bobOutgoing = bob.page
    .getByRole('dialog', { name: `Webhooks in #${channel}` })
    .getByRole('region', { name: 'Outgoing webhooks' });
  await expect(bobOutgoing).toContainText('Deployer');
  await expect(bobOutgoing).toContainText('Channel admins can add outgoing webhooks.');
  await expect(bobOutgoing.getByRole('button', { name: 'Add outgoing webhook' })).toHaveCount(0);
  await bob.page.keyboard.press('Escape');

  await send(bob.page, channel, 'lunch anyone?');
  await send(bob.page, channel, 'deploy api');
  for (const { page } of [alice, bob]) {
    const answer = messages(page).filter({ hasText: 'Deploying api for' });
    await expect(answer).toHaveCount(1);
    await expect(answer.locator('.message-author')).toHaveText('Deployer');
    // The mention shows as the person it names.
    await expect(answer).toContainText(new RegExp(`@${bobName}`, 'i'));
  }
  expect(deployBot.state).toMatchObject({ verified: 1, refused: 0 });
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/outgoing-webhook-answer.png` });

  // The list says how the last call went.
  await alice.page.getByRole('button', { name: 'Channel actions' }).click();
  await alice.page.getByRole('menuitem', { name: /^Webhooks/ }).click();
  await expect(outgoing).toContainText(/Last call: ok/);
  deployBot.server.close();
  await Promise.all([alice.context.close(), bob.context.close()]);
});
