import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Channel, Draft } from '@parley/protocol';
import { encryptText, openOwnText } from '../crypto/message-crypto';
import { api } from '../lib/api';
import { keys } from './keys';

const SAVE_AFTER_MS = 1_000;
const placeKey = (channelId: string, threadRootId: string | null) => `${channelId}:${threadRootId ?? ''}`;

/** What this tab typed last per place, until the server's copy is the newer one. */
const typed = new Map<string, string>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
/** One request at a time per place, so a delete never overtakes the save before it. */
const chains = new Map<string, Promise<void>>();

export function useDrafts(enabled = true) {
  return useQuery({
    queryKey: keys.drafts,
    queryFn: async () => (await api<{ drafts: Draft[] }>('GET', '/drafts')).drafts,
    enabled,
  });
}

export const findDraft = (drafts: Draft[] | undefined, channelId: string, threadRootId: string | null) =>
  drafts?.find((d) => d.channelId === channelId && d.threadRootId === threadRootId);

type Place = {
  qc: QueryClient;
  channelId: string;
  encrypted: boolean;
  threadRootId: string | null;
  selfId: string;
};

/** Every keystroke: kept here at once, on the server a second after typing stops (an empty box at once). */
export function noteDraft(place: Place, text: string): void {
  const key = placeKey(place.channelId, place.threadRootId);
  typed.set(key, text);
  clearTimeout(timers.get(key));
  if (!text.trim()) return void store(place, key);
  timers.set(
    key,
    setTimeout(() => store(place, key), SAVE_AFTER_MS),
  );
}

/** Leaving a channel or thread saves what is pending now rather than a second later. */
export function flushDraft(place: Place): void {
  const key = placeKey(place.channelId, place.threadRootId);
  if (timers.has(key)) store(place, key);
}

/** Another device changed a draft: its copy now wins here too, unless this tab is still saving its own. */
export function noteDraftChanged(channelId: string, threadRootId: string | null): void {
  const key = placeKey(channelId, threadRootId);
  if (!timers.has(key) && !chains.has(key)) typed.delete(key);
}

function store(place: Place, key: string): void {
  clearTimeout(timers.get(key));
  timers.delete(key);
  const run = (chains.get(key) ?? Promise.resolve()).then(() => push(place, key)).catch(() => {});
  chains.set(key, run);
  void run.finally(() => chains.get(key) === run && chains.delete(key));
}

async function push({ qc, channelId, encrypted, threadRootId, selfId }: Place, key: string): Promise<void> {
  const text = typed.get(key) ?? '';
  const path = `/channels/${channelId}/draft`;
  const others = (list: Draft[] | undefined) =>
    list?.filter((d) => d.channelId !== channelId || d.threadRootId !== threadRootId);
  if (!text.trim()) {
    const list = qc.getQueryData<Draft[]>(keys.drafts);
    // Most sends had no saved draft: no request then.
    if (list && !findDraft(list, channelId, threadRootId)) return;
    await api('DELETE', threadRootId ? `${path}?threadRootId=${threadRootId}` : path);
    qc.setQueryData<Draft[]>(keys.drafts, others);
    return;
  }
  const content = encrypted ? { encrypted: await encryptText(channelId, selfId, text) } : { body: text };
  const { draft } = await api<{ draft: Draft }>('PUT', path, { threadRootId, ...content });
  qc.setQueryData<Draft[]>(keys.drafts, (list) => list && [draft, ...(others(list) ?? [])]);
}

/** A composer's draft: the text to start with, and where each keystroke goes; pending text is saved on leaving. */
export function useDraft(channel: Channel, threadRootId: string | null, selfId: string) {
  const qc = useQueryClient();
  const initialText = useDraftText(channel, threadRootId, selfId);
  const { id: channelId, encrypted } = channel;
  const place = useMemo(
    () => ({ qc, channelId, encrypted, threadRootId, selfId }),
    [qc, channelId, encrypted, threadRootId, selfId],
  );
  useEffect(() => {
    const leave = () => flushDraft(place);
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [place]);
  return { initialText, onTextChange: (text: string) => noteDraft(place, text) };
}

/** The text to start a composer with: this tab's own, else the server's (opened in encrypted channels). */
export function useDraftText(channel: Channel, threadRootId: string | null, selfId: string) {
  const { data } = useDrafts();
  const server = findDraft(data, channel.id, threadRootId);
  const local = typed.get(placeKey(channel.id, threadRootId));
  const [opened, setOpened] = useState<{ from: Draft; text: string }>();
  useEffect(() => {
    if (!server?.encrypted || local !== undefined) return;
    let live = true;
    void openOwnText(server, selfId).then(
      (text) => live && text !== undefined && setOpened({ from: server, text }),
    );
    return () => {
      live = false;
    };
  }, [server, selfId, local]);
  if (local !== undefined) return local;
  if (!server) return data ? '' : undefined;
  if (server.body !== null) return server.body;
  return opened?.from === server ? opened.text : undefined;
}
