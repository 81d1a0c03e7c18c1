// The search language, parsed the same way on the server and in the browser.

export const SEARCH_HAS = ['file', 'link', 'image'] as const;
export const SEARCH_IS = ['thread', 'pinned', 'saved'] as const;
export const SEARCH_LIMITS = { queryMax: 500, termsMax: 16, termMin: 2 } as const;

export type ParsedSearch = {
  /** Words and parts of words to find (lower-cased), each anywhere in the text. */
  terms: string[];
  /** "Exact phrases" (lower-cased). */
  phrases: string[];
  /** -words that must not appear. */
  excludes: string[];
  from?: string;
  /** `in:#channel` (a channel name) or `in:@user` (a DM with them). */
  in?: { channel: string } | { user: string };
  /** Inclusive day bounds, YYYY-MM-DD. */
  after?: string;
  before?: string;
  on?: string;
  has: (typeof SEARCH_HAS)[number][];
  is: (typeof SEARCH_IS)[number][];
};

export type SearchParse = { ok: true; query: ParsedSearch } | { ok: false; error: string };

const TOKEN = /(-?)"([^"]*)"|(\S+)/g;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD. */
function validDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Parses a search; says plainly what is wrong with one that cannot run. */
export function parseSearch(input: string): SearchParse {
  const query: ParsedSearch = { terms: [], phrases: [], excludes: [], has: [], is: [] };
  if (input.length > SEARCH_LIMITS.queryMax)
    return { ok: false, error: `A search is at most ${SEARCH_LIMITS.queryMax} characters.` };
  for (const m of input.matchAll(TOKEN)) {
    const [, minus, phrase, word] = m;
    if (phrase !== undefined) {
      const text = phrase.trim().toLowerCase();
      if (text) (minus ? query.excludes : query.phrases).push(text);
      continue;
    }
    const error = operator(word!, query);
    if (error) return { ok: false, error };
  }
  const count = query.terms.length + query.phrases.length + query.excludes.length;
  if (count > SEARCH_LIMITS.termsMax)
    return { ok: false, error: `A search has at most ${SEARCH_LIMITS.termsMax} words and phrases.` };
  const narrows =
    query.from || query.in || query.after || query.before || query.on || query.has.length || query.is.length;
  if (query.terms.length + query.phrases.length === 0 && !narrows)
    return {
      ok: false,
      error: 'Search for a word of at least 2 letters, a "phrase", or a filter such as from:@name.',
    };
  return { ok: true, query };
}

/** One token: an operator applied to the query, a word added, or an error. */
function operator(token: string, query: ParsedSearch): string | undefined {
  const colon = token.indexOf(':');
  const key = colon > 0 ? token.slice(0, colon).toLowerCase() : '';
  const value = colon > 0 ? token.slice(colon + 1) : '';
  switch (key) {
    case 'from':
      if (!/^@?[a-z0-9._-]{2,32}$/i.test(value)) return `from: takes a username, as in from:@alex.`;
      query.from = value.replace(/^@/, '').toLowerCase();
      return;
    case 'in':
      if (/^#[a-z0-9_-]{1,64}$/i.test(value)) query.in = { channel: value.slice(1).toLowerCase() };
      else if (/^@[a-z0-9._-]{2,32}$/i.test(value)) query.in = { user: value.slice(1).toLowerCase() };
      else return 'in: takes a channel or a person, as in in:#design or in:@alex.';
      return;
    case 'before':
    case 'after':
    case 'on':
      if (!validDay(value)) return `${key}: takes a date written YYYY-MM-DD, as in ${key}:2026-11-03.`;
      query[key] = value;
      return;
    case 'has':
      if (!(SEARCH_HAS as readonly string[]).includes(value.toLowerCase()))
        return `has: takes ${SEARCH_HAS.join(', ')}.`;
      query.has.push(value.toLowerCase() as ParsedSearch['has'][number]);
      return;
    case 'is':
      if (!(SEARCH_IS as readonly string[]).includes(value.toLowerCase()))
        return `is: takes ${SEARCH_IS.join(', ')}.`;
      query.is.push(value.toLowerCase() as ParsedSearch['is'][number]);
      return;
  }
  const exclude = token.startsWith('-') && token.length > 1;
  const text = (exclude ? token.slice(1) : token).toLowerCase();
  if (text.length < SEARCH_LIMITS.termMin) return;
  (exclude ? query.excludes : query.terms).push(text);
}
