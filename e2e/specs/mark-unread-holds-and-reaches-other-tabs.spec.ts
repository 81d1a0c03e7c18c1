import { expect, test, type Page } from '@playwright/test';
import { registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

test('mark unread (button or Alt+click) makes a message and those after it unread, holds while on screen, and reaches the other tab', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const tag = uniqueName('m');
  for (const word of ['first', 'second', 'third']) await send(bob.page, 'general', `${word} ${tag}`);
  const row = (page: Page, word: string) => page.getByTestId('message').filter({ hasText: `${word} ${tag}` });
  const general = (page: Page) => page.getByRole('link', { name: /^# general/ });
  await expect(row(alice.page, 'third')).toBeVisible();
  await expect(general(alice.page)).not.toHaveClass(/unread/);

  // Alice's second tab shows another page; its sidebar follows her read state.
  const other = await alice.context.newPage();
  await other.goto('/saved');
  await waitLive(other);
  await expect(general(other)).not.toHaveClass(/unread/);

  await row(alice.page, 'second').hover();
  await row(alice.page, 'second').getByRole('button', { name: 'Mark unread' }).click();
  await expect(general(alice.page).getByLabel(/2 unread/)).toBeVisible();
  await expect(general(other).getByLabel(/2 unread/)).toBeVisible();
  // The line goes above the marked message, and the channel stays unread while it is on screen.
  const line = alice.page.getByRole('separator').filter({ hasText: 'New messages' });
  await expect(line).toBeVisible();
  // Measured together until the list settles: the line's arrival moves the rows below it (CI once caught them mid-move).
  const lineBetween = async () => {
    const [above, at, below] = await Promise.all(
      [row(alice.page, 'first'), line, row(alice.page, 'second')].map((l) => l.boundingBox()),
    );
    return !!above && !!at && !!below && above.y < at.y && at.y < below.y;
  };
  await expect.poll(lineBetween).toBe(true);
  await alice.page.waitForTimeout(1_500);
  await expect(general(alice.page)).toHaveClass(/unread/);
  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/mark-unread-light.png` });

  // Leaving and coming back reads it again, in both tabs.
  await alice.page.getByRole('link', { name: 'Threads' }).click();
  await general(alice.page).click();
  await expect(row(alice.page, 'third')).toBeVisible();
  await expect(general(alice.page)).not.toHaveClass(/unread/);
  await expect(general(other)).not.toHaveClass(/unread/);

  // Alt+click on a message marks it unread too, as in Slack; writing in the channel then reads it.
  await row(alice.page, 'third')
    .getByText(`third ${tag}`)
    .click({ modifiers: ['Alt'] });
  await expect(general(other).getByLabel(/1 unread/)).toBeVisible();
  await send(alice.page, 'general', `a reply ${tag}`);
  await expect(general(other)).not.toHaveClass(/unread/);
  await expect(general(alice.page)).not.toHaveClass(/unread/);
  await alice.context.close();
  await bob.context.close();
});
