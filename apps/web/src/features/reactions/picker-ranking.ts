/** What the picker's search answers: a standard emoji (annotation) or a custom one (name), each with shortcodes. */
type Found = { annotation?: string; name?: string; shortcodes?: string[] };

/**
 * The picker's search results with the best matches first, as Slack orders them: an exact shortcode or
 * name, then shortcodes that start with the query, then names with a word that does, then the rest,
 * each group in the picker's own order. The picker alone sorts by emoji order: "eyes" put 😃 before 👀.
 */
export function rankSearch<T extends Found>(results: T[], query: string): T[] {
  const q = query.trim().toLowerCase().replace(/^:|:$/g, '');
  const score = (e: T) => {
    const codes = (e.shortcodes ?? []).map((c) => c.toLowerCase());
    const label = (e.annotation ?? e.name ?? '').toLowerCase();
    if (codes.includes(q) || label === q || codes.includes(q.replace(/\s+/g, '_'))) return 0;
    if (codes.some((c) => c.startsWith(q))) return 1;
    if (label.split(/\s+/).some((word) => word.startsWith(q))) return 2;
    return 3;
  };
  return results
    .map((e, i) => ({ e, i, s: score(e) }))
    .sort((a, b) => a.s - b.s || a.i - b.i)
    .map(({ e }) => e);
}
