import { Fragment, type ReactNode } from 'react';
import { CustomEmojiImage } from '../emoji/custom-emoji';
import type { CustomEmojiLookup } from '../emoji/custom-emoji-context';

const NAMED = /:([a-z0-9_+-]{1,32}):/g;

/** Text with each `:name:` of a known custom emoji drawn as its picture; the rest goes to `rest`. */
export function withCustomEmoji(
  text: string,
  emoji: CustomEmojiLookup | undefined,
  rest: (piece: string) => ReactNode,
): ReactNode {
  if (!emoji?.list.length || !text.includes(':')) return rest(text);
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(NAMED)) {
    const found = emoji.byName(m[1]!);
    if (!found) continue;
    if (m.index > last) out.push(<Fragment key={`t${last}`}>{rest(text.slice(last, m.index))}</Fragment>);
    out.push(<CustomEmojiImage key={`e${m.index}`} emoji={found} />);
    last = m.index + m[0].length;
  }
  if (last === 0) return rest(text);
  if (last < text.length) out.push(<Fragment key={`t${last}`}>{rest(text.slice(last))}</Fragment>);
  return out;
}
