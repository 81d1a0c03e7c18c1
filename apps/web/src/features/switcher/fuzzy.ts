const SEPARATORS = new Set([' ', '-', '_', '.', '/', '@', '#']);

/**
 * How well `query` matches `text` as letters in order: higher is better, undefined when it does not.
 * Whole-word and prefix matches beat letters scattered across the name.
 */
export function fuzzyScore(query: string, text: string): number | undefined {
  const q = query.trim().toLowerCase();
  const t = text.toLowerCase();
  if (!q) return 0;
  if (t.startsWith(q)) return 100 - t.length / 100;
  const at = t.indexOf(q);
  if (at >= 0) return (SEPARATORS.has(t[at - 1] ?? '') ? 80 : 60) - t.length / 100;
  let score = 0;
  let from = 0;
  let previous = -2;
  for (const ch of q) {
    if (ch === ' ') continue;
    const i = t.indexOf(ch, from);
    if (i < 0) return undefined;
    score += 1;
    if (i === previous + 1) score += 3;
    if (i === 0 || SEPARATORS.has(t[i - 1]!)) score += 4;
    previous = i;
    from = i + 1;
  }
  return score - t.length / 100;
}
