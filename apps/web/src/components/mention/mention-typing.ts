/** The `@name` being typed just before the caret: where its `@` is and what follows it. */
export function openMentionAt(beforeCaret: string): { start: number; query: string } | undefined {
  const m = /(^|[^a-z0-9._-])@([a-z0-9._-]{0,32})$/i.exec(beforeCaret);
  if (!m) return undefined;
  return { start: m.index + m[1]!.length, query: m[2]!.toLowerCase() };
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
