import { expect, test } from '@playwright/test';
import {
  composer,
  registerInNewContext,
  seedChannel,
  send,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

test('"(edited)" shows the earlier versions of a message to the other reader', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const tag = uniqueName('t');
  await send(alice.page, 'general', `meet at 3pm ${tag}`);
  await expect(alice.page.getByTestId('message').filter({ hasText: tag })).toHaveAttribute(
    'data-status',
    'sent',
  );
  // Up in the empty composer edits one's last message.
  await composer(alice.page, 'general').press('ArrowUp');
  const edit = alice.page.getByRole('textbox', { name: 'Edit message' });
  await edit.fill(`meet at 4pm ${tag}`);
  await edit.press('Enter');

  const row = bob.page.getByTestId('message').filter({ hasText: `meet at 4pm ${tag}` });
  await row.getByRole('button', { name: '(edited)' }).click();
  const history = bob.page.getByRole('dialog', { name: 'Earlier versions' });
  await expect(history).toContainText(`meet at 3pm ${tag}`);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/edit-history.png` });
  await bob.page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);

  // Saved with its text gone, an edit asks to delete the message instead, as in Slack. In a channel
  // of its own, so #general keeps no tombstone for the journeys after this one.
  const own = await seedChannel(request, alice.context, 'edits', 1);
  await alice.page.goto(`/c/${own}`);
  await expect(alice.page.getByTestId('message').filter({ hasText: 'edits line 1' })).toBeVisible();
  await composer(alice.page, own).press('ArrowUp');
  await edit.fill('');
  await edit.press('Enter');
  const ask = alice.page.getByRole('dialog', { name: 'Delete message?' });
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(alice.page.getByTestId('message').filter({ hasText: 'edits line 1' })).toHaveCount(0);
  await alice.context.close();
  await bob.context.close();
});
