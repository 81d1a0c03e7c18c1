import type { QueryClient } from '@tanstack/react-query';
import type { CustomEmoji, EmojiResponse } from '@parley/protocol';
import { CSRF_HEADER, ERROR_MESSAGES, isErrorCode, type ErrorCode } from '@parley/protocol/client';
import { api, ApiError } from '../lib/api';
import { getConfig } from '../lib/config';
import { applyEmojiChanged } from './apply-emoji-events';
import { keys } from './keys';

/** POST /emoji as a form: the name and the picture; the list learns of it at once, and live elsewhere. */
export async function addCustomEmoji(qc: QueryClient, name: string, file: Blob): Promise<CustomEmoji> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', file, 'emoji');
  let res: Response;
  try {
    res = await fetch(`${getConfig().apiBase}/emoji`, {
      method: 'POST',
      credentials: 'include',
      headers: { [CSRF_HEADER]: '1' },
      body: form,
    });
  } catch {
    throw new ApiError('network', 'Cannot reach the server. Check your connection.', 0);
  }
  const data = await res.json().catch(() => undefined);
  if (!res.ok) {
    const code: ErrorCode = isErrorCode(data?.error?.code) ? data.error.code : 'internal';
    throw new ApiError(code, data?.error?.message ?? ERROR_MESSAGES[code], res.status, data?.error?.details);
  }
  const { emoji } = data as EmojiResponse;
  qc.setQueryData(keys.emoji, (list: CustomEmoji[] | undefined) => applyEmojiChanged(list, { name, emoji }));
  return emoji;
}

export async function removeCustomEmoji(qc: QueryClient, name: string): Promise<void> {
  await api('DELETE', `/emoji/${encodeURIComponent(name)}`);
  qc.setQueryData(keys.emoji, (list: CustomEmoji[] | undefined) =>
    applyEmojiChanged(list, { name, emoji: null }),
  );
}
