import type { EmojiRecord, ShortcodeFile, ShortcodeIndex, Suggestion } from './shortcodes';

const bare = (emoji: string) => emoji.replace(/\uFE0F/g, '');
const hexcode = (emoji: string) =>
  [...bare(emoji)].map((c) => c.codePointAt(0)!.toString(16).toUpperCase()).join('-');

/**
 * Emojibase's own shortcodes (the picker's data) joined with Slack's (iamcal), so `:thumbsup:`,
 * `:+1:`, `:tada:`, `:facepunch:` and `:face_palm:` all work; emoji in picker order.
 */
export function buildIndex(data: EmojiRecord[], slackCodes: ShortcodeFile = {}): ShortcodeIndex {
  const slack = new Map(Object.entries(slackCodes).map(([hex, codes]) => [hex.replace(/-FE0F/g, ''), codes]));
  const byCode = new Map<string, string>();
  const entries: Suggestion[] = [];
  const sorted = [...data].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  for (const record of sorted) {
    const extra = slack.get(hexcode(record.emoji)) ?? [];
    const codes = [...(record.shortcodes ?? []), ...(typeof extra === 'string' ? [extra] : extra)];
    for (const code of new Set(codes.map((c) => c.toLowerCase()))) {
      if (byCode.has(code)) continue;
      byCode.set(code, record.emoji);
      entries.push({ shortcode: code, emoji: record.emoji, annotation: record.annotation ?? code });
    }
  }
  const index: ShortcodeIndex = {
    byCode,
    entries,
    search: (query, limit) => searchShortcodes(index, query, limit),
  };
  return index;
}

// What Slack users reach for most: offered before rarer codes that merely share a prefix (:th → :thumbsup:, not :three:).
const POPULAR = [
  'thumbsup',
  '+1',
  'tada',
  'smile',
  'joy',
  'heart',
  'eyes',
  'pray',
  'white_check_mark',
  'raised_hands',
  'fire',
  '100',
  'rocket',
  'thinking_face',
  'wave',
  'clap',
  'ok_hand',
  'slightly_smiling_face',
  'laughing',
  'sweat_smile',
  'grin',
  'muscle',
  'sparkles',
  'heavy_check_mark',
  'x',
  'warning',
  'sob',
  'sunglasses',
  'wink',
  'blush',
  'heart_eyes',
  'see_no_evil',
  'point_up',
  'thumbsdown',
  'star',
];
const popularity = new Map(POPULAR.map((code, i) => [code, i]));
const rank = (s: Suggestion) => popularity.get(s.shortcode) ?? POPULAR.length;

/** Shortcodes that start with the query first (popular, then shortest first), then those with a word that does; one row per emoji. */
export function searchShortcodes(index: ShortcodeIndex, query: string, limit = 8): Suggestion[] {
  const q = query.toLowerCase();
  const starts: Suggestion[] = [];
  const words: Suggestion[] = [];
  for (const entry of index.entries) {
    if (entry.shortcode.startsWith(q)) starts.push(entry);
    else if (entry.shortcode.includes(`_${q}`) || entry.shortcode.includes(`-${q}`)) words.push(entry);
  }
  starts.sort((a, b) => rank(a) - rank(b) || a.shortcode.length - b.shortcode.length);
  const seen = new Set<string>();
  return [...starts, ...words].filter((s) => !seen.has(s.emoji) && seen.add(s.emoji)).slice(0, limit);
}
