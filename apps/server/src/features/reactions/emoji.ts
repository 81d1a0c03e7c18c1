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

/** The emoji a reaction stores, from one emoji or a known :shortcode:; undefined for anything else. */
export function normalizeEmoji(input: string): string | undefined {
  const text = input.normalize('NFC');
  if (SINGLE_EMOJI.test(text)) return text;
  // A heart or similar typed without its emoji-presentation selector.
  if (SINGLE_EMOJI.test(`${text}\uFE0F`)) return `${text}\uFE0F`;
  const code = SHORTCODE.exec(text)?.[1];
  return code ? shortcodeMap().get(code) : undefined;
}
