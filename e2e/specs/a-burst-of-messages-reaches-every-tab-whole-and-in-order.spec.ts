import { expect, test } from '@playwright/test';
import { seriousViolations } from '../support/axe.js';
import { apiAs } from '../support/history.js';
import { messages, registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';

test('a burst of messages posted at once reaches two other tabs whole, once each and in order', async ({
  browser,
  request,
}) => {
  const join = (who: string) => registerInNewContext(browser, uniqueName(who));
  const [alice, bob, cara] = await Promise.all([join('alice'), join('bob'), join('cara')]);
  const [asAlice, asBob, asCara] = await Promise.all([
    apiAs(request, alice.context),
    apiAs(request, bob.context),
    apiAs(request, cara.context),
  ]);
  const name = uniqueName('deploys');
  const { channel } = await asAlice.post('/channels', { name, kind: 'public' });
  await Promise.all([
    asBob.post(`/channels/${channel.id}/join`),
    asCara.post(`/channels/${channel.id}/join`),
  ]);
  // What each tab's WebSocket receives, and whether it ever had to catch up through the feed instead.
  const heard = [alice, cara].map((user) => {
    const seen = { frames: [] as (string | Buffer)[], catchUps: 0, upgraded: false };
    user.page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => seen.frames.push(f.payload));
      // Engine.IO's upgrade packet: from here on everything comes over this WebSocket.
      ws.on('framesent', (f) => (seen.upgraded ||= f.payload === '5'));
    });
    user.page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/sync' && r.url().includes('since=')) seen.catchUps++;
    });
    return seen;
  });
  for (const user of [alice, cara]) {
    await user.page.goto(`/c/${name}`);
    await waitLive(user.page);
  }
  await expect.poll(() => heard.every((h) => h.upgraded)).toBe(true);
  const catchUpsBefore = heard.map((h) => h.catchUps);

  // All at once, as a bot posting a log would: the server writes most of them to each tab together.
  const lines = Array.from({ length: 16 }, (_, i) => `deploy step ${i + 1} of 16`);
  const sent = await Promise.all(
    lines.map((body) =>
      asBob.post(`/channels/${channel.id}/messages`, { clientId: crypto.randomUUID(), body }),
    ),
  );
  // The channel's order is the order the server stored them in.
  const steps = sent
    .map(({ message }) => message as { seq: number; body: string })
    .sort((a, b) => a.seq - b.seq)
    .map((m) => m.body);

  for (const user of [alice, cara]) {
    const shown = messages(user.page).filter({ hasText: /deploy step \d+ of 16/ });
    await expect(shown).toHaveCount(16);
    const texts = await shown.allInnerTexts();
    expect(texts.map((t) => t.match(/deploy step \d+ of 16/)![0])).toEqual(steps);
  }
  // Live, each its own WebSocket message: no frame out of shape sent a tab back to the feed.
  heard.forEach(({ frames, catchUps }, i) => {
    const burst = frames.filter((f) => String(f).includes('deploy step'));
    expect(burst.every((f) => typeof f === 'string' && f.startsWith('42["message:created"'))).toBe(true);
    expect(burst).toHaveLength(16);
    expect(catchUps).toBe(catchUpsBefore[i]);
  });
  await alice.page.screenshot({ path: test.info().outputPath('burst.png') });
  expect(await seriousViolations(alice.page)).toEqual([]);
  await Promise.all([alice, bob, cara].map((user) => user.context.close()));
});
