// Built at run time: the `v` flag is newer than the TypeScript target, but every browser Parley supports has it.
// Built on first use: compiling every emoji sequence takes tens of milliseconds on a phone, too dear for start-up.
let rgi: RegExp | undefined;
const isRgi = (text: string) => (rgi ??= new RegExp('^\\p{RGI_Emoji}$', 'v')).test(text);
const VS16 = '\uFE0F';

/**
 * The emoji in its fully-qualified Unicode form, the one the server accepts and stores: the picker's
 * data writes 👍 with a presentation selector it does not need, a keyboard may write ❤ without the one it needs.
 */
export function canonicalEmoji(emoji: string): string {
  if (isRgi(emoji)) return emoji;
  const bare = emoji.replaceAll(VS16, '');
  if (isRgi(bare)) return bare;
  const [first = '', ...rest] = [...bare];
  const qualified = first + VS16 + rest.join('');
  return isRgi(qualified) ? qualified : emoji;
}

export const isSingleEmoji = (text: string) => isRgi(canonicalEmoji(text));

const JUMBO_MAX = 23;
const LETTERS = /[\p{L}\p{N}]/u;
let emojiToken: RegExp | undefined;

/**
 * How many emoji a message made of emoji alone holds (standard ones and known `:name:` custom ones),
 * up to 23, as Slack shows large; 0 for any other message.
 */
export function jumboEmojiCount(text: string, isCustom: (name: string) => boolean): number {
  // Most messages have letters outside `:name:`: answered without building the emoji pattern.
  if (text.length > JUMBO_MAX * 40 || LETTERS.test(text.replace(/:[a-z0-9_+-]{1,32}:/g, ''))) return 0;
  emojiToken ??= new RegExp('\\s+|:([a-z0-9_+\\-]{1,32}):|\\p{RGI_Emoji}|[^\\s:]|:', 'gv');
  let count = 0;
  for (const m of text.matchAll(emojiToken)) {
    if (/^\s/.test(m[0])) continue;
    if (m[1] !== undefined ? !isCustom(m[1]) : !isRgi(canonicalEmoji(m[0]))) return 0;
    if (++count > JUMBO_MAX) return 0;
  }
  return count;
}
