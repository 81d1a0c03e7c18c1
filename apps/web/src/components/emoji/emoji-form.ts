// Built at run time: the `v` flag is newer than the TypeScript target, but every browser Parley supports has it.
const RGI = new RegExp('^\\p{RGI_Emoji}$', 'v');
const VS16 = '\uFE0F';

/**
 * The emoji in its fully-qualified Unicode form, the one the server accepts and stores: the picker's
 * data writes 👍 with a presentation selector it does not need, a keyboard may write ❤ without the one it needs.
 */
export function canonicalEmoji(emoji: string): string {
  if (RGI.test(emoji)) return emoji;
  const bare = emoji.replaceAll(VS16, '');
  if (RGI.test(bare)) return bare;
  const [first = '', ...rest] = [...bare];
  const qualified = first + VS16 + rest.join('');
  return RGI.test(qualified) ? qualified : emoji;
}

export const isSingleEmoji = (text: string) => RGI.test(canonicalEmoji(text));
