/** Where a `#channel` may start: not inside a word, an address or an entity (`page#top`, `&#38;`). */
export const CHANNEL_AT = String.raw`(^|[^\w&/#-])#`;

const CHANNEL_TYPED = new RegExp(`${CHANNEL_AT}([a-z0-9_-]{0,64})$`, 'i');

export type Typed = { start: number; query: string; trigger: '@' | '#' };

/** The `@name` or `#channel` being typed just before the caret: where its `@` or `#` is and what follows it. */
export function openMentionAt(beforeCaret: string): Typed | undefined {
  const person = /(^|[^a-z0-9._-])@([a-z0-9._-]{0,32})$/i.exec(beforeCaret);
  if (person)
    return { start: person.index + person[1]!.length, query: person[2]!.toLowerCase(), trigger: '@' };
  const channel = CHANNEL_TYPED.exec(beforeCaret);
  if (channel)
    return { start: channel.index + channel[1]!.length, query: channel[2]!.toLowerCase(), trigger: '#' };
  return undefined;
}

/** Where `query` starts a word of `text` (words split at spaces, `.`, `_` and `-`, as the server matches), or -1. */
export function wordStartMatch(text: string, query: string): number {
  if (!query) return -1;
  // `.`, `_` and `-` become spaces first, so a word starts wherever a space ends.
  const words = (s: string) => s.toLowerCase().replace(/[._-]/g, ' ');
  const hay = words(text);
  const needle = words(query);
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1))
    if (i === 0 || /\s/.test(hay[i - 1]!)) return i;
  return -1;
}
