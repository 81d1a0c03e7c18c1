import type { CustomEmoji, EmojiChanged } from '@parley/protocol';

/** The list after an emoji:changed: the name replaced by what it is now, or dropped; sorted by name. */
export function applyEmojiChanged(
  list: CustomEmoji[] | undefined,
  { name, emoji }: Pick<EmojiChanged, 'name' | 'emoji'>,
): CustomEmoji[] | undefined {
  if (!list) return list;
  const rest = list.filter((e) => e.name !== name);
  if (!emoji) return rest.length === list.length ? list : rest;
  return [...rest, emoji].sort((a, b) => a.name.localeCompare(b.name));
}
