import type { EphemeralMessage } from '@parley/protocol';
import { createStore } from '../lib/store';

/** Kept per conversation, and in all, in one tab: the oldest go first. */
const KEPT = 5;
const KEPT_IN_ALL = 50;

/** Bots' answers only this person sees; never stored, so a reload forgets them, as in Slack. */
export const ephemeral = createStore<EphemeralMessage[]>([]);

export function noteEphemeral(message: EphemeralMessage): void {
  ephemeral.set((all) => {
    if (all.some((m) => m.id === message.id)) return all;
    const here = (m: EphemeralMessage) =>
      m.channelId === message.channelId && m.threadRootId === message.threadRootId;
    const others = all.filter((m) => !here(m));
    return [...others, ...all.filter(here).slice(1 - KEPT), message].slice(-KEPT_IN_ALL);
  });
}

export function dismissEphemeral(id: string): void {
  ephemeral.set((all) => all.filter((m) => m.id !== id));
}

/** Those for a channel (no thread) or one thread, oldest first. */
export function ephemeralIn(
  all: EphemeralMessage[],
  channelId: string,
  threadRootId?: string,
): EphemeralMessage[] {
  return all.filter((m) => m.channelId === channelId && m.threadRootId === threadRootId);
}
