import { expect, test } from '@playwright/test';
import {
  composer,
  messages,
  register,
  registerInNewContext,
  send,
  uniqueName,
  waitLive,
} from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

test('reactions between two users: picked, toggled and removed live, who reacted on hover, +:emoji:, kept on reload', async ({
  browser,
}) => {
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const bobName = await bob.page.evaluate(async () => {
    const res = await fetch('/api/v1/auth/session', { credentials: 'include' });
    return (await res.json()).user.displayName as string;
  });

  const text = `Release notes are out ${uniqueName('n')}`;
  await send(alice.page, 'general', text);
  const onAlice = messages(alice.page).filter({ hasText: text });
  const onBob = messages(bob.page).filter({ hasText: text });
  await expect(onBob).toHaveCount(1);

  // Alice reacts from the hover action, searching the picker.
  await onAlice.hover();
  const action = onAlice.locator('.message-actions').getByRole('button', { name: 'Add reaction' });
  await action.click();
  const picker = alice.page.getByRole('dialog', { name: 'Add reaction' });
  const search = picker.getByRole('combobox');
  await expect(search).toBeFocused();
  expect(await seriousViolations(alice.page)).toEqual([]);
  // The exact shortcode comes first, as in Slack: 👀 for "eyes", not a face with big eyes.
  await search.fill('eyes');
  await expect(picker.getByRole('option').first()).toHaveAccessibleName(/^👀/);
  await search.fill('+1');
  await expect(picker.getByRole('option').first()).toHaveAccessibleName(/^👍/);
  await search.fill('tada');
  await picker.getByRole('option', { name: /party popper/i }).click();
  await expect(picker).toBeHidden();
  await expect(action).toBeFocused();

  // Bob sees it live and adds his own to the same emoji.
  const bobTada = onBob.getByRole('button', { name: 'React with 🎉' });
  await expect(bobTada).toHaveText('🎉1');
  await expect(bobTada).toHaveAttribute('aria-pressed', 'false');
  await bobTada.click();
  await expect(onBob.getByRole('button', { name: 'Remove your 🎉 reaction' })).toHaveText('🎉2');
  const aliceTada = onAlice.getByRole('button', { name: 'Remove your 🎉 reaction' });
  await expect(aliceTada).toHaveText('🎉2');

  // Hover names both.
  await aliceTada.hover();
  await expect(onAlice.getByRole('tooltip')).toHaveText(`🎉You and ${bobName} reacted with 🎉`);

  // Alice takes hers back; Bob's stays.
  await aliceTada.click();
  await expect(onBob.getByRole('button', { name: 'Remove your 🎉 reaction' })).toHaveText('🎉1');
  await expect(onAlice.getByRole('button', { name: 'React with 🎉' })).toHaveText('🎉1');

  // The picker closes on Escape and on a click elsewhere.
  await onAlice.hover();
  await action.click();
  await expect(picker).toBeVisible();
  await alice.page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(action).toBeFocused();
  await action.click();
  await expect(picker).toBeVisible();
  await alice.page.mouse.click(5, 5);
  await expect(picker).toBeHidden();

  // Enter in the picker's search picks the first result, as in Slack.
  await onBob.hover();
  await onBob.locator('.message-actions').getByRole('button', { name: 'Add reaction' }).click();
  const bobPicker = bob.page.getByRole('dialog', { name: 'Add reaction' });
  await bobPicker.getByRole('combobox').fill('rocket');
  await expect(bobPicker.getByRole('option').first()).toHaveAccessibleName(/^🚀/);
  await bobPicker.getByRole('combobox').press('Enter');
  await expect(bobPicker).toBeHidden();
  await expect(onAlice.getByRole('button', { name: 'React with 🚀' })).toHaveText('🚀1');

  // +:thumbsup: reacts to the last message and posts nothing.
  const bobTyping = alice.page.getByText(`${bobName} is typing…`);
  await composer(bob.page, 'general').fill('+:thumbsup:');
  await expect(bobTyping).toBeVisible();
  await composer(bob.page, 'general').press('Enter');
  await expect(onAlice.getByRole('button', { name: 'React with 👍' })).toHaveText('👍1');
  // Regression: with no message to clear it, "is typing" stayed until it timed out, 5 s after.
  await expect(bobTyping).toBeHidden({ timeout: 1_000 });
  await expect(onBob.getByRole('button', { name: 'Remove your 👍' })).toBeVisible();
  await expect(messages(bob.page).last()).toContainText(text);

  // A reload shows the same state.
  await alice.page.reload();
  const reloaded = messages(alice.page).filter({ hasText: text });
  await expect(reloaded.getByRole('button', { name: 'React with 🎉' })).toHaveText('🎉1');
  await expect(reloaded.getByRole('button', { name: 'React with 👍' })).toHaveText('👍1');
  await expect(reloaded.getByRole('button', { name: /Remove your/ })).toHaveCount(0);

  // Pasted, or typed before the emoji data came, a shortcode used to go out as text: it turns on send,
  // outside code, in a tab that has not loaded the data yet.
  await composer(alice.page, 'general').fill('ship it :rocket:, `:tada:` stays');
  await composer(alice.page, 'general').press('Enter');
  await expect(messages(bob.page).last()).toContainText('ship it 🚀, :tada: stays');
  await expect(messages(bob.page).last().locator('code')).toHaveText(':tada:');
  // Posted through the API, as a bot would, a shortcode stays text on the server and shows as its emoji.
  await alice.page.evaluate(async () => {
    const headers = { 'content-type': 'application/json', 'x-parley-csrf': '1' };
    const { channels } = await (await fetch('/api/v1/channels')).json();
    const general = channels.find((c: { name: string }) => c.name === 'general');
    const body = JSON.stringify({
      clientId: crypto.randomUUID(),
      body: 'deploy finished :white_check_mark:',
    });
    await fetch(`/api/v1/channels/${general.id}/messages`, { method: 'POST', headers, body });
  });
  await expect(messages(bob.page).last()).toContainText('deploy finished ✅');

  // The reaction bar, who reacted and the shortcode list pass axe too.
  await reloaded.getByRole('button', { name: 'React with 🎉' }).hover();
  await expect(reloaded.getByRole('tooltip')).toHaveText(`🎉${bobName} reacted with 🎉`);
  const box = composer(alice.page, 'general');
  await box.pressSequentially(':th');
  await expect(alice.page.getByRole('option', { name: /:thumbsup:/ })).toBeVisible();
  expect(await seriousViolations(alice.page)).toEqual([]);
  await box.press('Escape');
  await expect(alice.page.getByRole('listbox')).toBeHidden();

  await alice.context.close();
  await bob.context.close();
});

// Regression: a message typed while a pasted `:wave:` waited for the emoji data was wiped from the box.
test('a message sent while the one before waits for the emoji data goes after it, and what is typed since stays', async ({
  browser,
}) => {
  const context = await browser.newContext();
  // The emoji data comes slowly, as on a poor connection.
  await context.route('**/*.json', async (route) => {
    if (/assets\/(iamcal|data)-/.test(route.request().url())) await new Promise((r) => setTimeout(r, 1_500));
    await route.continue();
  });
  const page = await context.newPage();
  await register(page, uniqueName('slow'));
  await waitLive(page);
  const box = composer(page, 'general');
  await box.fill('morning :wave:');
  await box.press('Enter');
  await box.fill('right after');
  await box.press('Enter');
  await box.fill('still typing');
  const mine = messages(page).filter({ hasText: /morning|right after/ });
  await expect(mine).toHaveCount(2);
  await expect(mine.nth(0)).toContainText('morning 👋');
  await expect(mine.nth(1)).toContainText('right after');
  await expect(box).toHaveValue('still typing');
  await context.close();
});
