import { devices, expect, test, type Page } from '@playwright/test';
import {
  composer,
  messages,
  registerInNewContext,
  sidebar,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const card = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Scheduled messages' }).getByRole('listitem').filter({ hasText: text });
const localInput = (at: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

test('a message scheduled from the composer waits in Scheduled on every device, can be moved, edited, sent now or deleted, and goes out at its time', async ({
  browser,
}) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await bob.page.emulateMedia({ colorScheme: 'dark' });
  // Alice's phone, in the dark, already on Scheduled.
  const phoneContext = await browser.newContext({
    ...devices['Pixel 7'],
    colorScheme: 'dark',
    storageState: await alice.context.storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto('/scheduled');
  await expect(phone.getByRole('heading', { name: 'Nothing scheduled' })).toBeVisible();
  await Promise.all([waitLive(alice.page), waitLive(bob.page), waitLive(phone)]);
  const tag = uniqueName('');

  // Alice writes, then picks "Tomorrow at 9:00" from the clock beside Send instead of sending.
  const box = composer(alice.page, 'general');
  const schedule = alice.page.getByRole('button', { name: 'Schedule for later' });
  await expect(schedule).toBeDisabled();
  await box.fill(`Standup moves to 10:00 ${tag}`);
  await schedule.click();
  const menu = alice.page.getByRole('menu', { name: 'Schedule for later' });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  expect(await seriousViolations(alice.page)).toEqual([]);
  await menu.getByRole('menuitem', { name: /^Tomorrow at 9:00/ }).click();
  await expect(alice.page.getByText(/^Scheduled to send tomorrow at 9:00/)).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(alice.page.getByText('1 scheduled message in this conversation.')).toBeVisible();
  await expect(sidebar(alice.page).getByRole('link', { name: /Scheduled/ })).toContainText('1');
  await expect(messages(bob.page).filter({ hasText: tag })).toHaveCount(0);

  // The phone shows it live, with when it goes out; there Alice edits it and moves it to a time of her own.
  const onPhone = card(phone, tag);
  await expect(onPhone).toContainText(/Sends tomorrow at 9:00/);
  await onPhone.getByRole('button', { name: 'Edit' }).tap();
  const edit = phone.getByRole('textbox', { name: 'Edit message' });
  await edit.fill(`Standup moves to 10:30 ${tag}`);
  await edit.press('Enter');
  await expect(onPhone).toContainText('10:30');
  const later = new Date(Date.now() + 3 * 86_400_000);
  later.setHours(14, 15, 0, 0);
  await onPhone.getByRole('button', { name: 'Reschedule' }).tap();
  await phone.getByRole('menuitem', { name: 'Custom time…' }).tap();
  await phone.getByLabel('Date and time').fill(localInput(later));
  await phone.getByRole('dialog', { name: 'Reschedule' }).getByRole('button', { name: 'Reschedule' }).tap();
  const day = later.toLocaleDateString('en-US', { weekday: 'short' });
  await expect(onPhone).toContainText(`Sends ${day} at 2:15`);
  expect(await seriousViolations(phone)).toEqual([]);

  // Send now, from Alice's desktop list: Bob gets it live, and it leaves both of Alice's lists.
  await sidebar(alice.page)
    .getByRole('link', { name: /Scheduled/ })
    .click();
  const onDesktop = card(alice.page, tag);
  await expect(onDesktop).toContainText('10:30');
  expect(await seriousViolations(alice.page)).toEqual([]);
  await onDesktop.getByRole('button', { name: 'Send now' }).click();
  await expect(messages(bob.page).filter({ hasText: `Standup moves to 10:30 ${tag}` })).toHaveCount(1);
  await expect(onDesktop).toHaveCount(0);
  await expect(onPhone).toHaveCount(0);
  await expect(sidebar(alice.page).getByRole('link', { name: /Scheduled/ })).toHaveCount(0);

  // One deleted from the list, after its question, is never sent.
  await alice.page.goto('/c/general');
  await box.fill(`Never mind ${tag}`);
  await schedule.click();
  await menu.getByRole('menuitem', { name: /^In 1 hour/ }).click();
  await expect(card(phone, 'Never mind')).toBeVisible();
  await card(phone, 'Never mind').getByRole('button', { name: 'Delete' }).tap();
  const ask = phone.getByRole('dialog', { name: 'Delete scheduled message?' });
  await ask.getByRole('button', { name: 'Delete' }).tap();
  await expect(card(phone, 'Never mind')).toHaveCount(0);
  await expect(alice.page.getByText('scheduled message in this conversation')).toHaveCount(0);

  // One due in two seconds goes out by itself, as Alice, into Bob's open channel.
  const due = `Coffee is here ${tag}`;
  const status = await alice.page.evaluate(
    async ({ text, at }) => {
      const channels = await (await fetch('/api/v1/channels')).json();
      const general = channels.channels.find((c: { name: string }) => c.name === 'general');
      const res = await fetch(`/api/v1/channels/${general.id}/scheduled`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-parley-csrf': '1' },
        body: JSON.stringify({ clientId: crypto.randomUUID(), body: text, sendAt: at }),
      });
      return res.status;
    },
    { text: due, at: new Date(Date.now() + 2_000).toISOString() },
  );
  expect(status).toBe(201);
  await expect(messages(bob.page).filter({ hasText: due })).toHaveCount(1, { timeout: 15_000 });
  await expect(messages(alice.page).filter({ hasText: due })).toHaveCount(1);
  await expect(phone.getByRole('heading', { name: 'Nothing scheduled' })).toBeVisible();

  // A thread reply scheduled with "Also send to #general" goes to the thread and the channel.
  const root = messages(alice.page).filter({ hasText: due });
  await root.hover();
  await root.getByRole('button', { name: 'Reply in thread' }).click();
  const panel = alice.page.getByRole('complementary', { name: 'Thread' });
  await panel.getByRole('textbox', { name: 'Reply in thread' }).fill(`Oat milk too ${tag}`);
  await panel.getByLabel('Also send to #general').check();
  await panel.getByRole('button', { name: 'Schedule for later' }).click();
  await alice.page
    .getByRole('menu', { name: 'Schedule for later' })
    .getByRole('menuitem', { name: /^In 3 hours/ })
    .click();
  await expect(panel.getByLabel('Also send to #general')).not.toBeChecked();
  const reply = card(phone, 'Oat milk too');
  await expect(reply).toContainText('Thread in #general');
  await reply.getByRole('button', { name: 'Send now' }).tap();
  const inChannel = messages(bob.page).filter({ hasText: `Oat milk too ${tag}` });
  await expect(inChannel).toHaveCount(1);
  await expect(inChannel.getByRole('link', { name: /replied to a thread/ })).toBeVisible();

  await phoneContext.close();
  await alice.context.close();
  await bob.context.close();
});
