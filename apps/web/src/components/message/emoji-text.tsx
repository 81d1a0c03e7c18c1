import { Fragment, type ReactNode } from 'react';
import { CustomEmojiImage } from '../emoji/custom-emoji';
import type { CustomEmojiLookup } from '../emoji/custom-emoji-context';
import { standsAlone } from '../emoji/shortcode-typing';

const NAMED = /:([a-z0-9_+-]{1,32}):/g;

/**
 * Text with each `:name:` of a known custom emoji drawn as its picture, and each standard shortcode
 * (`codes`, once loaded) as its emoji, as Slack draws a bot's `:rocket:`; the rest goes to `rest`.
 */
export function withCustomEmoji(
  text: string,
  emoji: CustomEmojiLookup | undefined,
  rest: (piece: string) => ReactNode,
  codes?: Map<string, string>,
): ReactNode {
  if ((!emoji?.list.length && !codes) || !text.includes(':')) return rest(text);
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(NAMED)) {
    const end = m.index + m[0].length;
    const found = emoji?.byName(m[1]!);
    const standard = found ? undefined : standsAlone(text, m.index, end) && codes?.get(m[1]!);
    if (!found && !standard) continue;
    if (m.index > last) out.push(<Fragment key={`t${last}`}>{rest(text.slice(last, m.index))}</Fragment>);
    out.push(found ? <CustomEmojiImage key={`e${m.index}`} emoji={found} /> : standard);
    last = end;
  }
  if (last === 0) return rest(text);
  if (last < text.length) out.push(<Fragment key={`t${last}`}>{rest(text.slice(last))}</Fragment>);
  return out;
}
