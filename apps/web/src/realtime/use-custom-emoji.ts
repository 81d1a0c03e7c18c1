import { useQuery } from '@tanstack/react-query';
import type { CustomEmoji, EmojiListResponse } from '@parley/protocol';
import { api } from '../lib/api';
import { getConfig } from '../lib/config';
import { keys } from './keys';

/** Every custom emoji of the instance, by name; kept current by emoji:changed. */
export function useCustomEmoji() {
  return useQuery({
    queryKey: keys.emoji,
    queryFn: async (): Promise<CustomEmoji[]> => (await api<EmojiListResponse>('GET', '/emoji')).emoji,
    staleTime: Infinity,
  });
}

/** The picture's address: by id, so a cached one is never stale. */
export const emojiImageUrl = (emoji: Pick<CustomEmoji, 'id'>) =>
  `${getConfig().apiBase}/emoji/images/${emoji.id}`;
