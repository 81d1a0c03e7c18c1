import dataUrl from 'emoji-picker-element-data/en/emojibase/data.json?url';
import slackCodesUrl from 'emojibase-data/en/shortcodes/iamcal.json?url';
import { loadChunk } from '../../lib/load-chunk';

/** One emoji as emoji-picker-element-data lists it (the fields the index reads). */
export type EmojiRecord = { emoji: string; annotation?: string; shortcodes?: string[]; order?: number };
/** emojibase-data's shortcode files: hexcode to one shortcode or several. */
export type ShortcodeFile = Record<string, string | string[]>;
/** `image` is a custom emoji's picture: its `emoji` is then the `:name:` typed in. */
export type Suggestion = { shortcode: string; emoji: string; annotation: string; image?: string };

export type ShortcodeIndex = {
  /** Every shortcode, lower case, to its emoji. */
  byCode: Map<string, string>;
  entries: Suggestion[];
  /** Matches for what follows the colon, best first, one row per emoji. */
  search: (query: string, limit?: number) => Suggestion[];
};

let loading: Promise<ShortcodeIndex> | undefined;

/** Fetched and built on first use, never in the first-load bundle; the picker's data file is shared with it through the HTTP cache. */
export function loadShortcodes(): Promise<ShortcodeIndex> {
  loading ??= Promise.all([
    loadChunk(() => import('./shortcode-index')),
    fetchJson<EmojiRecord[]>(dataUrl),
    fetchJson<ShortcodeFile>(slackCodesUrl),
  ])
    .then(([{ buildIndex }, data, slack]) => buildIndex(data, slack))
    .catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
  return loading;
}

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Could not load emoji data (${res.status})`);
  return (await res.json()) as T;
}

export { dataUrl as emojiDataUrl };
