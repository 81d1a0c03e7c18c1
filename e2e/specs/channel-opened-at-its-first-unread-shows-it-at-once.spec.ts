import { expect, test, type Page } from '@playwright/test';
import { registerInNewContext, seedChannel, uniqueName, waitLive } from '../support/journeys.js';

type Sample = { inPreview: boolean; top: number };

/** From the page's start, each frame: where the "New messages" line is, and whether it is the preview's. */
function sampleNewLine(page: Page) {
  return page.addInitScript(() => {
    const samples: { inPreview: boolean; top: number }[] = [];
    (window as unknown as { newLineSamples: typeof samples }).newLineSamples = samples;
    const tick = () => {
      const inPreview = document.querySelector('.message-tail .new-line');
      const line = inPreview ?? document.querySelector('.message-list .new-line');
      const list = document.querySelector('.message-list-frame');
      if (line && list)
        samples.push({
          inPreview: !!inPreview,
          top: line.getBoundingClientRect().top - list.getBoundingClientRect().top,
        });
      if (samples.length < 600) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

// Opening at the first unread, the list stayed blank while it positioned itself (four frames and
// up to 150 ms); when the unread are among the newest rows, they are now drawn at once, in place.
test('a channel opened at its first unread shows the New messages line at once, where it stays', async ({
  browser,
  request,
}) => {
  const reader = await registerInNewContext(browser, uniqueName('reader'));
  const writer = await registerInNewContext(browser, uniqueName('writer'));
  const writerCookie = (await writer.context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const headers = { cookie: writerCookie, 'x-parley-csrf': '1' };
  const cases = [
    { label: 'a few short', count: 3, body: (i: number) => `short unread ${i}` },
    {
      label: 'more than a screen of long',
      count: 10,
      body: (i: number) => Array.from({ length: 6 }, (_, l) => `long unread ${i}, line ${l + 1}`).join('\n'),
    },
  ];
  for (const { label, count, body } of cases) {
    const name = await seedChannel(request, reader.context, 'read', 20);
    const channels = await (await request.get('/api/v1/channels?scope=browse', { headers })).json();
    const id = (channels.channels as { id: string; name: string }[]).find((c) => c.name === name)!.id;
    await request.post(`/api/v1/channels/${id}/join`, { headers });
    for (let i = 1; i <= count; i++)
      await request.post(`/api/v1/channels/${id}/messages`, {
        headers,
        data: { clientId: `${name}-u${i}`, body: body(i) },
      });

    const page = await reader.context.newPage();
    await sampleNewLine(page);
    await page.goto(`/c/${name}`);
    await waitLive(page);
    await expect(page.locator('.message-tail')).toHaveCount(0);
    await expect(page.locator('.message-list .new-line')).toBeVisible();
    const samples = await page.evaluate(
      () => (window as unknown as { newLineSamples: Sample[] }).newLineSamples,
    );
    const final = await page.evaluate(() => {
      const line = document.querySelector('.message-list .new-line')!.getBoundingClientRect();
      return line.top - document.querySelector('.message-list-frame')!.getBoundingClientRect().top;
    });
    expect(samples[0]?.inPreview, label).toBe(true);
    // Where the preview drew it is where the list keeps it: nothing jumps when one hands over to the other.
    expect(Math.abs(samples[0]!.top - final), label).toBeLessThanOrEqual(2);
    if (count === 10) expect(Math.abs(final - 56), label).toBeLessThanOrEqual(2);
    await page.close();
  }
  await Promise.all([reader.context.close(), writer.context.close()]);
});
