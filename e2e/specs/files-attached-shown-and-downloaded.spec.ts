import { expect, test, type Page } from '@playwright/test';
import { composer, registerInNewContext, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;
// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('files attached by button and by paste show for the other person, pictures inline, and download intact', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const notes = `meeting notes ${uniqueName('n')}`;

  // By the paperclip: a text file and a picture, with a line of text.
  await alice.page.getByRole('button', { name: 'Attach files' }).click();
  const chooser = alice.page.locator('.composer input[type=file]');
  await chooser.setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(notes) },
    { name: 'dot.png', mimeType: 'image/png', buffer: PNG },
  ]);
  const chips = alice.page.getByRole('list', { name: 'Attached files' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips.getByText('%')).toHaveCount(0);
  expect(await seriousViolations(alice.page)).toEqual([]);
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/files-chips.png` });
  const box = composer(alice.page, 'general');
  await box.fill('the notes and a picture');
  await box.press('Enter');
  await expect(chips).toHaveCount(0);

  const row = bob.page.getByTestId('message').filter({ hasText: 'the notes and a picture' });
  await expect(row.locator('.message-image img')).toBeVisible();
  await row.getByRole('button', { name: 'Open dot.png' }).click();
  const lightbox = bob.page.getByRole('dialog', { name: 'dot.png' });
  await expect(lightbox.getByRole('img', { name: 'dot.png' })).toBeVisible();
  expect(await seriousViolations(bob.page)).toEqual([]);
  await bob.page.keyboard.press('Escape');
  await expect(lightbox).toBeHidden();
  const card = row.getByRole('link', { name: /notes\.txt/ });
  await expect(card).toContainText('text/plain');
  await expect(row.getByRole('figure', { name: 'Start of notes.txt' })).toContainText(notes);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/files-message.png` });
  const download = await bob.page.request.get((await card.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe(notes);
  expect(download.headers()['content-disposition']).toMatch(/^attachment/);

  // The channel's Files list has it, and leads back to its message.
  await bob.page.getByRole('button', { name: 'Files in this channel' }).click();
  const list = bob.page.getByRole('region', { name: 'Files in this channel' });
  await expect(list.getByRole('link', { name: /notes\.txt/ })).toBeVisible();
  expect(await seriousViolations(bob.page)).toEqual([]);
  await list.getByRole('link', { name: 'Show in channel' }).first().click();
  await expect(bob.page).toHaveURL(/\/c\/general\/m\//);

  // By paste: a screenshot from the clipboard, sent alone.
  await box.click();
  await alice.page.evaluate(
    (bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], 'screenshot.png', { type: 'image/png' }));
      const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
      document.querySelector('.composer textarea')!.dispatchEvent(event);
    },
    [...PNG],
  );
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(chips.getByRole('progressbar')).toHaveCount(0);
  await alice.page.getByRole('button', { name: 'Send' }).click();
  await expect(bob.page.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await alice.context.close();
  await bob.context.close();
});

test('a code file shows its first lines coloured, and a large picture shows its preview at its own shape', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const sharp = (await import('sharp')).default;
  const board = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7bd5' } })
    .png()
    .toBuffer();
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const tag = uniqueName('deploy');
  await alice.page.getByRole('button', { name: 'Attach files' }).click();
  await alice.page.locator('.composer input[type=file]').setInputFiles([
    {
      name: 'deploy.ts',
      mimeType: 'video/mp2t',
      buffer: Buffer.from(
        `// ${tag}\nexport async function deploy(target: string): Promise<number> {\n  return 42;\n}\n`,
      ),
    },
    { name: 'board.png', mimeType: 'image/png', buffer: board },
  ]);
  const chips = alice.page.getByRole('list', { name: 'Attached files' });
  await expect(chips.getByRole('listitem')).toHaveCount(2);
  await expect(chips.getByRole('progressbar')).toHaveCount(0);
  await composer(alice.page, 'general').fill('the script and the board');
  await composer(alice.page, 'general').press('Enter');

  const row = bob.page.getByTestId('message').filter({ hasText: 'the script and the board' });
  const preview = row.getByRole('figure', { name: 'Start of deploy.ts' });
  await expect(preview).toContainText(tag);
  // Coloured: the keyword is its own span once the highlighter has loaded.
  await expect(preview.locator('.hljs-keyword').first()).toHaveText('export');
  const picture = row.getByRole('img', { name: 'board.png' });
  await expect(picture).toHaveAttribute('src', /\/thumbnail$/);
  await expect(picture).toHaveAttribute('width', '360');
  await expect(picture).toHaveAttribute('height', '203');
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(720);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/files-preview-light.png` });
  await bob.page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/files-preview-dark.png` });
  await bob.page.setViewportSize({ width: 390, height: 800 });
  await expect(picture).toBeVisible();
  const box = await picture.boundingBox();
  expect(box!.width / box!.height).toBeCloseTo(1600 / 900, 1);
  // The sidebar slides away as the width becomes a phone's: the picture is taken once it has gone.
  const sidebar = bob.page.getByRole('navigation', { name: 'Channels and direct messages' });
  await expect(sidebar).not.toBeInViewport();
  await expect.poll(async () => (await sidebar.boundingBox())?.x ?? 0).toBeLessThanOrEqual(-200);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/files-preview-phone.png` });
  await alice.context.close();
  await bob.context.close();
});

test('files dropped anywhere on the channel or on a thread attach to that composer', async ({ browser }) => {
  test.setTimeout(150_000);
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);
  const page = alice.page;
  const files = (name: string) =>
    page.evaluateHandle(
      ([fileName, bytes]) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], fileName, { type: 'image/png' }));
        return data;
      },
      [name, [...PNG]] as const,
    );
  const drag = async (
    target: ReturnType<Page['locator']>,
    dataTransfer: Awaited<ReturnType<typeof files>>,
  ) => {
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
  };

  // Onto the message list: a veil names the channel, and the drop attaches to its composer.
  const list = page.locator('.channel-main');
  const dropped = await files('dropped.png');
  await drag(list, dropped);
  await expect(page.getByText('Drop files to share in #general')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/files-drop-veil.png` });
  await list.dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByText('Drop files to share in #general')).toBeHidden();
  const chips = page.locator('.channel-main').getByRole('list', { name: 'Attached files' });
  await expect(chips.getByRole('listitem')).toHaveCount(1);
  await expect(chips.getByRole('progressbar')).toHaveCount(0);
  await composer(page, 'general').fill('dropped on the channel');
  await composer(page, 'general').press('Enter');
  const row = bob.page.getByTestId('message').filter({ hasText: 'dropped on the channel' });
  await expect(row.getByRole('img', { name: 'dropped.png' })).toBeVisible();

  // Onto an open thread: the reply composer takes it.
  const root = page.getByTestId('message').filter({ hasText: 'dropped on the channel' });
  await root.hover();
  await root.getByRole('button', { name: 'Reply in thread' }).click();
  const thread = page.getByRole('complementary', { name: 'Thread' });
  // The panel's composer comes with the thread's first page: it is what takes the drop.
  await expect(thread.getByRole('textbox', { name: 'Reply in thread' })).toBeVisible();
  const inThread = await files('in-thread.png');
  await drag(thread, inThread);
  await expect(page.getByText('Drop files to reply in the thread')).toBeVisible();
  await thread.dispatchEvent('drop', { dataTransfer: inThread });
  await expect(thread.getByRole('list', { name: 'Attached files' }).getByRole('listitem')).toHaveCount(1);
  await expect(chips).toHaveCount(0);
  await alice.context.close();
  await bob.context.close();
});
