import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { OWNER } from '../support/global-setup.js';
import {
  messages,
  registerInNewContext,
  send,
  sidebar,
  signIn,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

/** A Slack export of one public channel where Bob and Cara talked in November 2023, and a private one. */
function slackExport(bob: string, cara: string, channel: string, secret: string): Buffer {
  const ts = (s: number) => `${s}.000100`;
  const users = [
    { id: 'U01BOB', name: bob, real_name: 'Bob' },
    { id: 'U02CARA', name: cara, real_name: 'Cara Lee' },
  ];
  const history = [
    {
      type: 'message',
      user: 'U02CARA',
      text: 'Kick-off: *launch plan* is in <#C01|x>',
      ts: ts(1_699_950_000),
    },
    {
      type: 'message',
      user: 'U01BOB',
      text: 'Staging is ready &amp; green',
      ts: ts(1_699_953_600),
      thread_ts: ts(1_699_953_600),
      reactions: [{ name: 'tada', users: ['U02CARA', 'U01BOB'], count: 2 }],
    },
    {
      type: 'message',
      user: 'U02CARA',
      text: 'Nice, <@U01BOB>!',
      ts: ts(1_699_953_700),
      thread_ts: ts(1_699_953_600),
    },
    {
      type: 'message',
      subtype: 'bot_message',
      username: 'Deploy Bot',
      text: 'Deployed v1.0',
      ts: ts(1_700_040_000),
    },
  ];
  const zip = zipSync({
    'users.json': strToU8(JSON.stringify(users)),
    'channels.json': strToU8(
      JSON.stringify([
        {
          id: 'C01',
          name: channel,
          creator: 'U02CARA',
          members: ['U01BOB', 'U02CARA'],
          purpose: { value: 'Launch' },
        },
      ]),
    ),
    'groups.json': strToU8(
      JSON.stringify([{ id: 'G01', name: secret, creator: 'U02CARA', members: ['U02CARA'] }]),
    ),
    [`${channel}/2023-11-14.json`]: strToU8(JSON.stringify(history.slice(0, 3))),
    [`${channel}/2023-11-15.json`]: strToU8(JSON.stringify(history.slice(3))),
    [`${secret}/2023-11-14.json`]: strToU8(
      JSON.stringify([{ type: 'message', user: 'U02CARA', text: 'hush', ts: ts(1_699_950_000) }]),
    ),
  });
  return Buffer.from(zip);
}

/** An export of `count` channels of `each` messages by one person, named `prefix-N`. */
function largeExport(prefix: string, count: number, each: number): Buffer {
  const files: Record<string, Uint8Array> = {
    'users.json': strToU8(JSON.stringify([{ id: 'U09ZED', name: uniqueName('zed'), real_name: 'Zed' }])),
  };
  const channels = Array.from({ length: count }, (_, i) => ({
    id: `C9${i}`,
    name: `${prefix}-${i}`,
    members: ['U09ZED'],
  }));
  files['channels.json'] = strToU8(JSON.stringify(channels));
  for (const c of channels)
    files[`${c.name}/2024-01-02.json`] = strToU8(
      JSON.stringify(
        Array.from({ length: each }, (_, i) => ({
          type: 'message',
          user: 'U09ZED',
          text: `note ${i}`,
          ts: `${1_704_200_000 + i}.000100`,
        })),
      ),
    );
  return Buffer.from(zipSync(files));
}

test('an admin imports a Slack export and its channels, threads and reactions arrive for everyone', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const bobName = uniqueName('bob');
  const bob = await registerInNewContext(browser, bobName);
  await bob.page.emulateMedia({ colorScheme: 'dark' });
  await waitLive(bob.page);
  const channel = uniqueName('launch');
  const caraName = uniqueName('cara');
  const zip = slackExport(bobName, caraName, channel, uniqueName('secret'));

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, OWNER.username, OWNER.password);
  await owner.goto('/admin');
  const section = owner.getByRole('region', { name: 'Import from Slack' });
  await section
    .getByLabel('Slack export (.zip)')
    .setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
  await section.getByRole('button', { name: 'Import' }).click();
  const summary = section.getByRole('status');
  await expect(summary).toContainText('Imported 2 channels and 5 messages.');
  await expect(summary).toContainText(
    '1 new person can sign in once you give each a password reset link in People.',
  );
  await expect(summary).toContainText('1 person matched an account here by username.');
  expect(await seriousViolations(owner)).toEqual([]);
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/slack-import-summary.png` });
  await owner.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(owner)).toEqual([]);
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/slack-import-summary-dark.png` });
  await owner.emulateMedia({ colorScheme: 'light' });

  // Bob's open tab gets the channel without a reload, its history already read.
  const link = sidebar(bob.page).getByRole('link', { name: new RegExp(`^# ${channel}`) });
  await expect(link).toBeVisible();
  await expect(link.locator('.unread-badge')).toHaveCount(0);
  await link.click();
  const rows = messages(bob.page);
  await expect(rows.filter({ hasText: 'Kick-off' })).toContainText(`launch plan is in #${channel}`);
  await expect(rows.filter({ hasText: 'Kick-off' }).locator('strong')).toHaveText('launch plan');
  const staging = rows.filter({ hasText: 'Staging is ready & green' });
  await expect(staging.getByText('1 reply')).toBeVisible();
  await expect(staging.getByRole('group', { name: 'Reactions' })).toContainText('🎉2');
  await expect(rows.filter({ hasText: 'Deployed v1.0' }).locator('.badge-app')).toHaveText('App');
  await expect(
    bob.page.locator('.day-separator').filter({ hasText: /14 November 2023|November 14, 2023/ }),
  ).toBeVisible();
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/slack-import-channel-dark.png` });
  await bob.page.setViewportSize({ width: 390, height: 844 });
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/slack-import-channel-phone.png` });

  // The same export again adds nothing.
  await section
    .getByLabel('Slack export (.zip)')
    .setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
  await section.getByRole('button', { name: 'Import' }).click();
  await expect(summary).toContainText('Imported 0 channels and 0 messages.');
  await expect(summary).toContainText(`Left out, imported before: #${channel}`);

  // A larger workspace: the page shows how far it got, and Bob's chat goes on meanwhile.
  await section.getByLabel('Slack export (.zip)').setInputFiles({
    name: 'workspace.zip',
    mimeType: 'application/zip',
    buffer: largeExport(uniqueName('room'), 8, 600),
  });
  await section.getByRole('button', { name: 'Import' }).click();
  await expect(summary).toContainText(/Importing… \d+ of 8 channels/);
  if (SHOTS) await section.screenshot({ path: `${SHOTS}/slack-import-progress.png` });
  await bob.page.setViewportSize({ width: 1280, height: 720 });
  await sidebar(bob.page)
    .getByRole('link', { name: /^# general/ })
    .click();
  const during = `said during the import ${uniqueName('')}`;
  await send(bob.page, 'general', during);
  await expect(messages(bob.page).filter({ hasText: during })).toHaveAttribute('data-status', 'sent');
  await expect(summary).toContainText('Imported 8 channels and 4,800 messages.', { timeout: 60_000 });

  // The owner downloads everyone's sign-in link; Cara, new from Slack, sets her password with hers.
  const download = owner.waitForEvent('download');
  await section.getByRole('button', { name: 'Download sign-in links (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('parley-sign-in-links.csv');
  const csv = fs.readFileSync((await file.path())!, 'utf8');
  const caraLine = csv.split('\n').find((line) => line.startsWith(`${caraName},`))!;
  expect(caraLine).toMatch(/^[^,]+,Cara Lee,http[^,]+\/reset\/[A-Za-z0-9_-]+,/);
  expect(csv).not.toContain(`${bobName},`);
  await expect(section.getByRole('status').filter({ hasText: 'Downloaded' })).toContainText('links.');
  const caraContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const caraPage = await caraContext.newPage();
  await caraPage.goto(new URL(caraLine.split(',')[2]!).pathname);
  await caraPage.getByLabel(/^New password/).fill('cara sets her own');
  await caraPage.getByLabel('Repeat new password').fill('cara sets her own');
  await caraPage.getByRole('button', { name: 'Set password' }).click();
  await expect(caraPage).toHaveURL(/\/login$/);
  await signIn(caraPage, caraName, 'cara sets her own');
  await caraPage.goto(`/c/${channel}`);
  await expect(messages(caraPage).filter({ hasText: 'Kick-off' })).toBeVisible();
  if (SHOTS) await caraPage.screenshot({ path: `${SHOTS}/slack-import-cara-phone.png` });
  await caraContext.close();
  await ownerContext.close();
  await bob.context.close();
});
