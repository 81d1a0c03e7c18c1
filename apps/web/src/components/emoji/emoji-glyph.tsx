import { CustomEmojiImage } from './custom-emoji';
import { customName, useCustomEmojiLookup } from './custom-emoji-context';

/** A reaction's emoji: a unicode one as text, a custom one as its picture, a removed custom one as `:name:`. */
export function EmojiGlyph({ emoji }: { emoji: string }) {
  const lookup = useCustomEmojiLookup();
  const name = customName(emoji);
  const custom = name ? lookup?.byName(name) : undefined;
  return custom ? <CustomEmojiImage emoji={custom} /> : <>{emoji}</>;
}
