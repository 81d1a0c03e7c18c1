import type { CustomEmojiView } from './custom-emoji-context';
import './custom-emoji.css';

/** A custom emoji's picture at the text's emoji size; its alt text is `:name:`, so copying keeps it. */
export function CustomEmojiImage({ emoji, large }: { emoji: CustomEmojiView; large?: boolean }) {
  return (
    <img
      className={large ? 'custom-emoji custom-emoji-large' : 'custom-emoji'}
      src={emoji.url}
      alt={`:${emoji.name}:`}
      title={`:${emoji.name}:`}
      loading="lazy"
      decoding="async"
      draggable={false}
    />
  );
}
