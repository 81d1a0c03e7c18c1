import type { Reaction } from '@parley/protocol';
import { createStore } from '../lib/store';

const TYPING_MS = 5_000;

/** channelId -> userId -> when the indicator expires. */
export const typing = createStore<Record<string, Record<string, number>>>({});

export function noteTyping(channelId: string, userId: string): void {
  const until = Date.now() + TYPING_MS;
  typing.set((all) => ({ ...all, [channelId]: { ...all[channelId], [userId]: until } }));
  setTimeout(() => typing.set((all) => ({ ...all })), TYPING_MS + 50);
}

export function clearTyping(channelId: string, userId: string): void {
  typing.set((all) => {
    if (!all[channelId]?.[userId]) return all;
    const rest = { ...all[channelId] };
    delete rest[userId];
    return { ...all, [channelId]: rest };
  });
}

export function typingIn(
  all: Record<string, Record<string, number>>,
  channelId: string,
  now = Date.now(),
): string[] {
  return Object.entries(all[channelId] ?? {})
    .filter(([, until]) => until > now)
    .map(([userId]) => userId);
}

/** Who reacted in `after` with an emoji they had not in `before`: someone who just reacted. */
export function newReactors(before: Reaction[], after: Reaction[]): string[] {
  const had = new Set(before.flatMap((r) => r.userIds.map((userId) => `${r.emoji} ${userId}`)));
  const added = after.flatMap((r) => r.userIds.filter((userId) => !had.has(`${r.emoji} ${userId}`)));
  return [...new Set(added)];
}
