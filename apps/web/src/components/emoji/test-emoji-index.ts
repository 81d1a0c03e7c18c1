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
