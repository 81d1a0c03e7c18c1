import { createStore } from '../lib/store';

export type Notice = { id: number; text: string };

/** Short messages about what happened to this user elsewhere (removed from a channel, …). */
export const notices = createStore<Notice[]>([]);
let next = 1;

export function notify(text: string, ms = 8_000): void {
  const id = next++;
  notices.set((all) => [...all, { id, text }]);
  setTimeout(() => dismiss(id), ms);
}

export function dismiss(id: number): void {
  notices.set((all) => all.filter((n) => n.id !== id));
}
