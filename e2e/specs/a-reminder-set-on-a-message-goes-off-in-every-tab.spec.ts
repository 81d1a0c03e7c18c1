import { expect, test } from '@playwright/test';
import { messages, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

test('a reminder set on a message is listed in Saved and goes off in every tab of its owner, with a way back to the message', async ({
  browser,
}) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  // Bob's second tab, in the dark.
  const other = await browser.newContext({
    colorScheme: 'dark',
    storageState: await bob.context.storageState(),
  });
  const bobElsewhere = await other.newPage();
  await bobElsewhere.goto('/c/general');
  await Promise.all([waitLive(alice.page), waitLive(bob.page), waitLive(bobElsewhere)]);
  const tag = uniqueName('');
  await send(alice.page, 'general', `Budget review draft is up ${tag}`);
  const row = messages(bob.page).filter({ hasText: tag });

  // Bob asks to be reminded in 20 minutes, from the message's actions.
  await row.hover();
  await row.getByRole('button', { name: 'Remind me about this' }).click();
  const menu = bob.page.getByRole('menu', { name: 'Remind me about this' });
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  expect(await seriousViolations(bob.page)).toEqual([]);
  await menu.getByRole('menuitem', { name: /^In 20 minutes/ }).click();
  await expect(
    bob.page.getByText(/^I will remind you about this message today at|tomorrow at/),
  ).toBeVisible();
  await row.hover();
  await expect(row.getByRole('button', { name: /^Reminder (today|tomorrow) at/ })).toBeVisible();

  // Saved, in his other tab, says when.
  await bobElsewhere.goto('/saved');
  const saved = bobElsewhere
    .getByRole('list', { name: 'Saved messages' })
    .getByRole('listitem')
    .filter({ hasText: tag });
  await expect(saved).toContainText(/reminder (today|tomorrow) at/);
  expect(await seriousViolations(bobElsewhere)).toEqual([]);

  // Cancelled from the same menu, the reminder leaves Saved; the message stays saved.
  await row.hover();
  await row.getByRole('button', { name: /^Reminder/ }).click();
  await menu.getByRole('menuitem', { name: 'Cancel reminder' }).click();
  await expect(saved).not.toContainText('reminder');
  await expect(saved).toBeVisible();

  // One set to go off in two seconds reaches both of Bob's tabs, and View opens the message.
  const id = await bob.page.evaluate(async (text) => {
    const res = await fetch('/api/v1/saved?limit=50', { credentials: 'include' });
    const { saved } = (await res.json()) as { saved: { message: { id: string; body: string } }[] };
    return saved.find((s) => s.message.body.includes(text))!.message.id;
  }, tag);
  const set = await bob.page.evaluate(
    async ({ id, at }) =>
      (
        await fetch(`/api/v1/messages/${id}/reminder`, {
          method: 'PUT',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-parley-csrf': '1' },
          body: JSON.stringify({ at }),
        })
      ).status,
    { id, at: new Date(Date.now() + 2_000).toISOString() },
  );
  expect(set).toBe(204);
  for (const page of [bob.page, bobElsewhere])
    await expect(
      page.getByText(new RegExp(`^Reminder: Alice\\S* in #general: Budget review draft is up ${tag}`)),
    ).toBeVisible({ timeout: 15_000 });
  await bobElsewhere.getByRole('status').getByRole('button', { name: 'View' }).click();
  await expect(bobElsewhere).toHaveURL(new RegExp(`/c/general/m/${id}$|m=${id}`));
  await expect(messages(bobElsewhere).filter({ hasText: tag })).toBeVisible();
  await expect(alice.page.getByText(/^Reminder:/)).toHaveCount(0);
  // Snoozed from the notice in the first tab, it waits again, as Saved says in both.
  await bob.page.getByRole('status').getByRole('button', { name: 'Snooze 20 minutes' }).click();
  await expect(bob.page.getByText(/^I will remind you again (today|tomorrow) at/)).toBeVisible();
  await bobElsewhere.goto('/saved');
  await expect(saved).toContainText(/reminder (today|tomorrow) at/);

  // On a phone the same actions sheet offers it, and a tap opens the times.
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState: await bob.context.storageState(),
  });
  const phone = await phoneContext.newPage();
  await phone.goto('/c/general');
  const onPhone = messages(phone).filter({ hasText: tag });
  await onPhone.locator('.message-text').tap();
  // Snoozed above, the button says when.
  await onPhone.getByRole('button', { name: /^Reminder (today|tomorrow) at/ }).tap();
  await expect(phone.getByRole('menu', { name: 'Remind me about this' })).toBeVisible();
});
