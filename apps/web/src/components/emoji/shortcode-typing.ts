/** Where a shortcode being typed sits in the text before the caret. */
export type ShortcodeAt = { start: number; query: string };

// A colon after a word character is a time or a URL ("10:30", "http:"), not a shortcode.
const OPEN = /(?:^|[^\p{L}\p{N}_:]):([a-z0-9_+'-]{2,})$/iu;
const CLOSED = /(?:^|[^\p{L}\p{N}_:]):([a-z0-9_+'-]+):$/iu;

/** `:ta` at the caret: the autocomplete opens from the second letter. */
export function openShortcodeAt(beforeCaret: string): ShortcodeAt | undefined {
  const m = OPEN.exec(beforeCaret);
  return m ? { start: beforeCaret.length - m[1]!.length - 1, query: m[1]! } : undefined;
}

/** `:tada:` just closed at the caret. */
export function closedShortcodeAt(beforeCaret: string): ShortcodeAt | undefined {
  const m = CLOSED.exec(beforeCaret);
  return m ? { start: beforeCaret.length - m[1]!.length - 2, query: m[1]! } : undefined;
}

/** The text with [start, caret) replaced, and where the caret goes after it. */
export function spliceAt(text: string, start: number, caret: number, insert: string) {
  return { text: text.slice(0, start) + insert + text.slice(caret), caret: start + insert.length };
}

const WORDY = /[\p{L}\p{N}_]/u;
/** A `:code:` glued to a word on either side is none ("10:30:00", "a:b:c"). */
export const standsAlone = (text: string, start: number, end: number) =>
  !WORDY.test(text[start - 1] ?? '') && !WORDY.test(text[end] ?? '');
// A whole `:code:`, by the same rule as standsAlone.
const ANY_CLOSED = /(?<![\p{L}\p{N}_]):([a-z0-9_+'-]+):(?![\p{L}\p{N}_])/giu;
// One test, compiled once: message bodies ask on every render.
const ONE_CLOSED = new RegExp(ANY_CLOSED.source, 'iu');
// Code spans and fenced blocks keep their text: a shortcode there is what the person means to show.
const CODE = /(```[\s\S]*?(?:```|$)|`[^`\n]*`)/;

/** Whether the text may hold a shortcode worth loading the emoji data for. */
export const mayHoldShortcode = (text: string) => ONE_CLOSED.test(text);

/** Every known `:shortcode:` outside code turned into its emoji; unknown ones (and custom emoji) stay as typed. */
export function replaceShortcodes(text: string, byCode: Map<string, string>): string {
  return text
    .split(CODE)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(ANY_CLOSED, (whole, code: string) => byCode.get(code.toLowerCase()) ?? whole),
    )
    .join('');
}
