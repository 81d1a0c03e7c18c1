import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { EmojiRecord, ShortcodeFile } from './shortcodes';

const require = createRequire(import.meta.url);
const json = (path: string) => JSON.parse(readFileSync(require.resolve(path), 'utf8'));

/** The very files the app fetches, for tests (no runtime import of ./shortcodes, which tests mock). */
export const emojiFiles = (): [EmojiRecord[], ShortcodeFile] => [
  json('emoji-picker-element-data/en/emojibase/data.json'),
  json('emojibase-data/en/shortcodes/iamcal.json'),
];

/** For `vi.mock('./shortcodes', ...)`: the real module with loadShortcodes answering the real data at once. */
export async function withLoadedShortcodes<T extends object>(actual: T): Promise<T> {
  const { buildIndex } = await import('./shortcode-index');
  const index = buildIndex(...emojiFiles());
  return { ...actual, loadShortcodes: () => Promise.resolve(index) };
}
