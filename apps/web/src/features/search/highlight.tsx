import type { ReactNode } from 'react';

/** The text with every occurrence of the searched words and phrases marked, case ignored. */
export function Highlighted({ text, words }: { text: string; words: string[] }): ReactNode {
  const wanted = words.filter(Boolean).sort((a, b) => b.length - a.length);
  if (wanted.length === 0) return text;
  const pattern = new RegExp(`(${wanted.map(escape).join('|')})`, 'gi');
  return text.split(pattern).map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
