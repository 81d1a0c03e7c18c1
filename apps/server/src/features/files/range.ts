/**
 * One byte range of an HTTP Range header, as [start, end): `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * No header, or several ranges, answers undefined (the whole file); a range outside it, 'unsatisfiable'.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return header.includes(',') ? undefined : 'unsatisfiable';
  const [, a, b] = m;
  if (a === '' && b === '') return 'unsatisfiable';
  if (a === '') {
    const n = Number(b);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size };
  }
  const start = Number(a);
  const end = b === '' ? size : Math.min(size, Number(b) + 1);
  if (!Number.isSafeInteger(start) || start >= size || end <= start) return 'unsatisfiable';
  return { start, end };
}
