import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { seriousViolations } from '../support/axe.js';
import { composer, messages, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';

const SHOTS = process.env.E2E_SHOTS;

/** A team wiki on this machine: a page with Open Graph tags and its picture. */
async function startWiki() {
  const picture = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#2e86de' } })
    .png()
    .toBuffer();
  const icon = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#e67e22' } })
    .png()
    .toBuffer();
  const fetched: string[] = [];
  const server = http.createServer((req, res) => {
    fetched.push(`${req.url} ${req.headers['user-agent']}`);
    if (req.url === '/cover.png' || req.url === '/icon.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(req.url === '/cover.png' ? picture : icon);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Q3 launch plan - Wiki</title>
      <meta property="og:site_name" content="Team Wiki">
      <meta property="og:title" content="Q3 launch plan">
      <meta property="og:description" content="Dates, owners and the rollout checklist for the Q3 launch, with the go/no-go criteria for each region.">
      <meta property="og:image" content="/cover.png"><link rel="icon" href="/icon.png"></head><body>plan</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, fetched, server };
}

test('a link shows its preview live for everyone, its picture through the server, and its author can remove it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const wiki = await startWiki();
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  // The readers' browsers never ask the linked site for anything.
  const fromBrowsers: string[] = [];
  for (const page of [alice.page, bob.page])
    page.on('request', (r) => r.url().startsWith(wiki.base) && fromBrowsers.push(r.url()));

  // The send's own answer comes late, after the previews reached the socket: it must not put the bare copy back.
  let answered = false;
  await alice.page.route('**/api/v1/channels/*/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const answer = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fulfill({ response: answer });
    answered = true;
  });
  const link = `${wiki.base}/wiki/q3-launch-${uniqueName('p')}`;
  // Its own words, so the journey can run again on one server.
  const plan = `Plan for the launch ${uniqueName('v')}`;
  await send(alice.page, 'general', `${plan}: ${link}`);
  await expect.poll(() => answered, { timeout: 15_000 }).toBe(true);
  await alice.page.unrouteAll({ behavior: 'ignoreErrors' });
  for (const page of [alice.page, bob.page]) {
    const row = messages(page).filter({ hasText: plan });
    const card = row.getByRole('list', { name: 'Link previews' }).getByRole('listitem');
    await expect(card).toContainText('Team Wiki');
    await expect(card.getByRole('link', { name: 'Q3 launch plan' })).toHaveAttribute('href', link);
    await expect(card).toContainText('Dates, owners and the rollout checklist');
    const picture = card.locator('img:not(.link-preview-icon)');
    await expect(picture).toHaveAttribute('src', /\/api\/v1\/previews\/image\?u=/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    // The site's icon beside its name, through the server as well.
    const icon = card.locator('img.link-preview-icon');
    await expect(icon).toHaveAttribute('src', /\/api\/v1\/previews\/image\?u=/);
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
    // The text is not marked edited: a preview is not an edit.
    await expect(row).not.toContainText('(edited)');
  }
  expect(fromBrowsers).toEqual([]);
  expect(wiki.fetched.every((line) => line.includes('Parley/1.13.0'))).toBe(true);

  const bobRow = messages(bob.page).filter({ hasText: plan });
  await bobRow.hover();
  await expect(bobRow.getByRole('button', { name: 'Remove preview' })).toHaveCount(0);
  expect(await seriousViolations(bob.page, '[data-testid="message"]')).toEqual([]);
  if (SHOTS) {
    await bobRow.screenshot({ path: `${SHOTS}/link-preview-light.png` });
    await bob.page.emulateMedia({ colorScheme: 'dark' });
    await bobRow.screenshot({ path: `${SHOTS}/link-preview-dark.png` });
    expect(await seriousViolations(bob.page, '[data-testid="message"]')).toEqual([]);
    await bob.page.setViewportSize({ width: 390, height: 844 });
    await bob.page.screenshot({ path: `${SHOTS}/link-preview-phone-dark.png` });
    await bob.page.emulateMedia({ colorScheme: 'light' });
    await bob.page.setViewportSize({ width: 1280, height: 720 });
  }

  const aliceRow = messages(alice.page).filter({ hasText: plan });
  await aliceRow.hover();
  await aliceRow.getByRole('button', { name: 'Remove preview' }).click();
  for (const page of [alice.page, bob.page])
    await expect(
      messages(page).filter({ hasText: plan }).getByRole('list', { name: 'Link previews' }),
    ).toHaveCount(0);
  // Gone after a reload too, and the message itself stays.
  await bob.page.reload();
  await waitLive(bob.page);
  await expect(composer(bob.page, 'general')).toBeVisible();
  await expect(messages(bob.page).filter({ hasText: plan })).toHaveCount(1);
  await expect(
    messages(bob.page).filter({ hasText: plan }).getByRole('list', { name: 'Link previews' }),
  ).toHaveCount(0);
  wiki.server.close();
  await Promise.all([alice.context.close(), bob.context.close()]);
});
