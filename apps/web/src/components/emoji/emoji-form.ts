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
