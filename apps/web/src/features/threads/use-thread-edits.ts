import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { keys } from '../../realtime/keys';
import { applyToThread, type ThreadPage } from '../../realtime/merge';
import { useDeleteMessage, useEditMessage } from '../../realtime/use-messages';

/** Edits and deletes in a thread: the channel's own mutations, with the answer put into the thread page too. */
export function useThreadEdits(rootId: string) {
  const qc = useQueryClient();
  const { mutate: editMessage } = useEditMessage();
  const { mutate: deleteMessage } = useDeleteMessage();
  const intoThread = useCallback(
    ({ message }: { message: Message }) =>
      qc.setQueryData<ThreadPage>(keys.thread(rootId), (p) => applyToThread(p, message)),
    [qc, rootId],
  );
  const edit = useCallback(
    (message: Message, body: string) => editMessage({ message, body }, { onSuccess: intoThread }),
    [editMessage, intoThread],
  );
  const remove = useCallback(
    (message: Message) => deleteMessage(message.id, { onSuccess: intoThread }),
    [deleteMessage, intoThread],
  );
  return { edit, remove };
}
