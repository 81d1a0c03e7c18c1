import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { toggleOwnReaction } from './toggle-reaction';

/** `+:emoji:` sent in a composer: toggles the caller's reaction on the newest message still there. */
export function useReactToLast() {
  const qc = useQueryClient();
  return useCallback(
    (messages: Message[], emoji: string) => {
      const last = messages.findLast((m) => !m.deletedAt && !m.system);
      if (last) void toggleOwnReaction(qc, last, emoji);
    },
    [qc],
  );
}
