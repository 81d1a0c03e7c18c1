import { expect, test } from '@playwright/test';
import { composer, messages, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';

test('two users chat live in #general, with typing, edits and deletes seen by both', async ({ browser }) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);

  await send(alice.page, 'general', 'Hello **Bob**, welcome!');
  const onBob = messages(bob.page).filter({ hasText: 'welcome!' });
  await expect(onBob).toHaveCount(1);
  await expect(onBob.locator('strong')).toHaveText('Bob');

  await composer(bob.page, 'general').pressSequentially('Thanks', { delay: 30 });
  await expect(alice.page.getByText(/is typing/)).toBeVisible();
  await composer(bob.page, 'general').press('Enter');
  await expect(messages(alice.page).filter({ hasText: 'Thanks' })).toHaveCount(1);
  await expect(messages(bob.page).filter({ hasText: 'Thanks' })).toHaveAttribute('data-status', 'sent');
  // Pointing at a message's time gives its full date, as in Slack.
  const sentAt = messages(alice.page).filter({ hasText: 'Thanks' }).locator('time');
  await sentAt.hover();
  await expect(sentAt).toHaveAttribute('title', new RegExp(`${new Date().getFullYear()}`));

  // "#general" links to the channel; an underscore inside a word stays one, as on GitHub and in Slack.
  // "#" offers the channels, as in Slack: Enter picks one, the next Enter sends.
  const box = composer(alice.page, 'general');
  await box.pressSequentially('Notes are in #gen');
  const channels = alice.page.getByRole('listbox', { name: 'Channels to link' });
  await expect(channels.getByRole('option').first()).toHaveText('# general');
  await box.press('Enter');
  await box.pressSequentially('under snake_case_name');
  await box.press('Enter');
  const notes = messages(bob.page).filter({ hasText: 'Notes are in' });
  await expect(notes.getByRole('link', { name: '#general' })).toHaveAttribute('href', '/c/general');
  await expect(notes).toContainText('under snake_case_name');

  // Up in an empty composer edits one's last message; the edit shows live for the other user.
  await composer(bob.page, 'general').press('ArrowUp');
  const edit = bob.page.getByRole('textbox', { name: /edit/i });
  await edit.fill('Thanks a lot');
  await edit.press('Enter');
  await expect(messages(alice.page).filter({ hasText: 'Thanks a lot' })).toHaveCount(1);
  await expect(messages(alice.page).filter({ hasText: 'Thanks a lot' })).toContainText('edited');

  // Deleting leaves a tombstone for everyone.
  const own = messages(alice.page).filter({ hasText: 'welcome!' });
  await own.hover();
  await own.getByRole('button', { name: 'Delete message' }).click();
  await alice.page
    .getByRole('dialog', { name: 'Delete message?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(messages(bob.page).filter({ hasText: 'welcome!' })).toHaveCount(0);
  await expect(messages(bob.page).getByText('This message was deleted.')).toBeVisible();

  // A reload keeps the history, once.
  await alice.page.reload();
  // Scoped to the list's rows: the first-frame preview briefly draws the same text.
  await expect(messages(alice.page).getByText('This message was deleted.')).toBeVisible();
  await expect(messages(alice.page).filter({ hasText: 'Thanks a lot' })).toHaveCount(1);

  await alice.context.close();
  await bob.context.close();
});
