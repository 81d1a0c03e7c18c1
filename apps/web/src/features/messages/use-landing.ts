import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@parley/protocol';
import { api } from '../../lib/api';
import { keys } from '../../realtime/keys';
import type { MessagePage } from '../../realtime/merge';
import { notify } from '../../realtime/notices';
import { coversSeq, loadAround, loadLatest } from './history-window';

/** Where the list opens: the newest message, the "New messages" line, or a linked message (highlighted). */
export type Focus = { kind: 'bottom' } | { kind: 'unread' } | { kind: 'message'; id: string };

type Landing = { focus: Focus; ready: boolean; key: number };

/**
 * Decides where a channel opens and loads the history around it: a message link first, else the first
 * unread (Slack's rule), else the newest. The key changes whenever the list must open afresh.
 */
export function useLanding(
  channelId: string,
  opts: {
    linkedId: string | undefined;
    unreadAfter: number | undefined;
    onThreadReply: (id: string) => void;
  },
) {
  const qc = useQueryClient();
  const { linkedId, unreadAfter } = opts;
  const onThreadReply = useRef(opts.onThreadReply);
  useEffect(() => {
    onThreadReply.current = opts.onThreadReply;
  });
  const page = useCallback(() => qc.getQueryData<MessagePage>(keys.messages(channelId)), [qc, channelId]);
  const [landing, setLanding] = useState<Landing>(() => {
    if (linkedId) return { focus: { kind: 'message', id: linkedId }, ready: false, key: 0 };
    if (unreadAfter === undefined) return { focus: { kind: 'bottom' }, ready: true, key: 0 };
    return { focus: { kind: 'unread' }, ready: coversSeq(page(), unreadAfter + 1), key: 0 };
  });
  const open = useCallback((focus: Focus) => setLanding((l) => ({ focus, ready: true, key: l.key + 1 })), []);

  useEffect(() => {
    let live = true;
    const land = async (): Promise<Focus> => {
      if (linkedId) {
        const { message } = await api<MessageResponse>('GET', `/messages/${linkedId}`);
        if (message.channelId !== channelId) throw new Error('elsewhere');
        // A reply only in its thread opens in the thread panel, which highlights it.
        if (message.threadRootId && !message.alsoInChannel) {
          onThreadReply.current(message.id);
          return { kind: 'bottom' };
        }
        if (!coversSeq(page(), message.seq)) await loadAround(qc, channelId, message.seq);
        return { kind: 'message', id: message.id };
      }
      if (unreadAfter !== undefined && !coversSeq(page(), unreadAfter + 1))
        await loadAround(qc, channelId, unreadAfter + 1);
      return unreadAfter !== undefined ? { kind: 'unread' } : { kind: 'bottom' };
    };
    if (!linkedId && landing.ready) return;
    land().then(
      (focus) => live && open(focus),
      () => {
        if (!live) return;
        if (linkedId) notify('That message could not be found. It may be in a channel you cannot see.');
        open({ kind: 'bottom' });
      },
    );
    return () => {
      live = false;
    };
    // Runs on opening and for each new link; jumps after that go through the callbacks below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [channelId, linkedId]);

  const jumpToLatest = useCallback(async () => {
    if (page()?.hasMoreAfter) await loadLatest(qc, channelId);
    open({ kind: 'bottom' });
  }, [qc, channelId, page, open]);

  const jumpToUnread = useCallback(async () => {
    if (unreadAfter === undefined) return;
    if (!coversSeq(page(), unreadAfter + 1)) await loadAround(qc, channelId, unreadAfter + 1);
    open({ kind: 'unread' });
  }, [qc, channelId, unreadAfter, page, open]);

  return { ...landing, jumpToLatest, jumpToUnread };
}
