import { createRequire } from 'node:module';

// One RGI emoji (skin tones, ZWJ sequences and flags included); the v flag is newer than the compile target.
const SINGLE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');
const SHORTCODE = /^:([a-z0-9_+-]{1,60}):$/;
const require = createRequire(import.meta.url);
let shortcodes: Map<string, string> | undefined;

/** Slack's, GitHub's and emojibase's shortcodes, loaded on first use. */
function shortcodeMap(): Map<string, string> {
  if (shortcodes) return shortcodes;
  const compact: { hexcode: string; unicode: string }[] = require('emojibase-data/en/compact.json');
  const byHex = new Map(compact.map((e) => [e.hexcode, e.unicode]));
  shortcodes = new Map();
  for (const preset of ['emojibase', 'github', 'iamcal']) {
    const codes: Record<string, string | string[]> = require(`emojibase-data/en/shortcodes/${preset}.json`);
    for (const [hex, names] of Object.entries(codes)) {
      const emoji = byHex.get(hex);
      if (emoji) for (const name of [names].flat()) shortcodes.set(name, emoji);
    }
  }
  return shortcodes;
}

/** True when `name` is a standard shortcode (`smile`, `+1`): a custom emoji may not take it. */
export const isStandardShortcode = (name: string) => shortcodeMap().has(name);

/** The name inside `:name:` when it could be a custom emoji's. */
export function customEmojiName(input: string): string | undefined {
  const code = SHORTCODE.exec(input)?.[1];
  return code && code.length <= 32 && !shortcodeMap().has(code) ? code : undefined;
}

/**
 * The one form of an emoji that reactions store (its RGI form), so 👍 and 👍 with a stray
 * presentation selector count as the same reaction; undefined for anything that is not one emoji.
 */
export function canonicalEmoji(input: string): string | undefined {
  const text = input.normalize('NFC');
  if (SINGLE_EMOJI.test(text)) return text;
  const bare = text.replaceAll('\uFE0F', '');
  if (SINGLE_EMOJI.test(bare)) return bare;
  // A heart or similar typed without its emoji-presentation selector.
  if (SINGLE_EMOJI.test(`${bare}\uFE0F`)) return `${bare}\uFE0F`;
  return undefined;
}

/** The emoji a reaction stores, from one emoji or a known :shortcode:; undefined for anything else. */
export function normalizeEmoji(input: string): string | undefined {
  const code = SHORTCODE.exec(input)?.[1];
  if (!code) return canonicalEmoji(input);
  const emoji = shortcodeMap().get(code);
  return emoji && canonicalEmoji(emoji);
}
