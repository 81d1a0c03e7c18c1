/** The `@name` being typed just before the caret: where its `@` is and what follows it. */
export function openMentionAt(beforeCaret: string): { start: number; query: string } | undefined {
  const m = /(^|[^a-z0-9._-])@([a-z0-9._-]{0,32})$/i.exec(beforeCaret);
  if (!m) return undefined;
  return { start: m.index + m[1]!.length, query: m[2]!.toLowerCase() };
}
