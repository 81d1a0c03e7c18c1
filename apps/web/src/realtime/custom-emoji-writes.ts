import type { QueryClient } from '@tanstack/react-query';
import type { CustomEmoji, EmojiResponse } from '@parley/protocol';
import { api } from '../lib/api';
import { applyEmojiChanged } from './apply-emoji-events';
import { keys } from './keys';

/** POST /emoji as a form: the name and the picture; the list learns of it at once, and live elsewhere. */
export async function addCustomEmoji(qc: QueryClient, name: string, file: Blob): Promise<CustomEmoji> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, 'emoji');
  const { emoji } = await api<EmojiResponse>('POST', '/emoji', form);
  qc.setQueryData(keys.emoji, (list: CustomEmoji[] | undefined) => applyEmojiChanged(list, { name, emoji }));
  return emoji;
}

export async function removeCustomEmoji(qc: QueryClient, name: string): Promise<void> {
  await api('DELETE', `/emoji/${encodeURIComponent(name)}`);
  qc.setQueryData(keys.emoji, (list: CustomEmoji[] | undefined) =>
    applyEmojiChanged(list, { name, emoji: null }),
  );
}
