import { expect, test } from '@playwright/test';
import { messages, registerInNewContext, send, uniqueName, waitLive } from '../support/journeys.js';
import { seriousViolations } from '../support/axe.js';

const SHOTS = process.env.E2E_SHOTS;

const COMMAND =
  'npm run bench -- --only fanout-turns:many-rooms-250 --compare before=f08cec1 --targets relay,parley-pglite';

test('a TypeScript block posted by one user shows coloured for the other, readable in light and dark', async ({
  browser,
}) => {
  test.slow(); // two users, axe twice
  const alice = await registerInNewContext(browser, uniqueName('alice'));
  const bob = await registerInNewContext(browser, uniqueName('bob'));
  await Promise.all([waitLive(alice.page), waitLive(bob.page)]);

  const tag = uniqueName('snippet');
  const code = [
    `// ${tag}: retry with backoff`,
    'export async function retry<T>(work: () => Promise<T>, tries = 3): Promise<T> {',
    '  for (let i = 1; ; i++) {',
    '    try {',
    '      return await work();',
    '    } catch (error) {',
    '      if (i >= tries) throw new Error(`gave up after ${i} tries`, { cause: error });',
    '    }',
    '  }',
    '}',
  ].join('\n');
  await send(
    alice.page,
    'general',
    'Try this:\n```ts\n' + code + '\n```\nand `<script>` stays text; run `' + COMMAND + '`',
  );

  const onBob = messages(bob.page).filter({ hasText: tag });
  const block = onBob.locator('pre.code-block');
  await expect(block).toHaveAttribute('data-highlighted', 'true');
  await expect(block.locator('code')).toHaveText(code);
  await expect(block.locator('.hljs-keyword').first()).toHaveText('export');
  await expect(block.locator('.hljs-comment')).toHaveText(`// ${tag}: retry with backoff`);
  await expect(block.locator('.hljs-number').first()).toHaveText('3');
  await expect(onBob.locator('script')).toHaveCount(0);
  // The keyword is coloured by the token, not the text colour around it.
  const colours = await block.evaluate((pre) => ({
    keyword: getComputedStyle(pre.querySelector('.hljs-keyword')!).color,
    text: getComputedStyle(pre).color,
  }));
  expect(colours.keyword).not.toBe(colours.text);
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/code-light.png` });

  await bob.page.emulateMedia({ colorScheme: 'dark' });
  await expect(block).toHaveAttribute('data-highlighted', 'true');
  expect(await seriousViolations(bob.page)).toEqual([]);
  if (SHOTS) await bob.page.screenshot({ path: `${SHOTS}/code-dark.png` });

  // The sender sees it coloured too, and a reload colours it again from the history.
  await expect(messages(alice.page).filter({ hasText: tag }).locator('pre.code-block')).toHaveAttribute(
    'data-highlighted',
    'true',
  );
  await alice.page.setViewportSize({ width: 390, height: 800 });
  await alice.page.reload();
  const afterReload = messages(alice.page).filter({ hasText: tag }).locator('pre.code-block');
  await expect(afterReload).toHaveAttribute('data-highlighted', 'true');
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/code-phone.png` });

  // Regression: at phone width inline code broke inside a word, after the `--` of `--only`.
  const command = messages(alice.page).filter({ hasText: tag }).locator('code', { hasText: 'fanout-turns' });
  await expect(command).toHaveText(COMMAND);
  expect(await command.evaluate(wordsSplitAcrossLines)).toEqual([]);
});

/** The words of an element's text that the layout split over two lines. */
function wordsSplitAcrossLines(element: Element): string[] {
  const split: string[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    for (const word of node.textContent!.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
      if (tops.size > 1) split.push(word[0]);
    }
  return split;
}
