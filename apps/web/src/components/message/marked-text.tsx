import { Fragment, type ReactNode } from 'react';

/** A pattern matching any of the searched words and phrases, case ignored; undefined when there are none. */
export function markPattern(words: string[]): RegExp | undefined {
  const wanted = words.filter(Boolean).sort((a, b) => b.length - a.length);
  return wanted.length ? new RegExp(`(${wanted.map(escape).join('|')})`, 'gi') : undefined;
}

/** Text split on a markPattern, each match wrapped in `<mark>`; `plain` renders the parts between. */
export function marked(text: string, pattern: RegExp, plain: (part: string) => ReactNode = (p) => p) {
  return text
    .split(pattern)
    .map((part, i) =>
      i % 2 === 1 ? <mark key={i}>{part}</mark> : <Fragment key={i}>{plain(part)}</Fragment>,
    );
}

/** The text with every occurrence of the searched words and phrases marked, case ignored. */
export function MarkedText({ text, words }: { text: string; words: string[] }): ReactNode {
  const pattern = markPattern(words);
  return pattern ? marked(text, pattern) : text;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
