import { createStore } from '../lib/store';

/** `action`: one thing to do about it, such as opening what it is about. */
export type Notice = { id: number; text: string; action?: { label: string; run: () => void } };

/** Short messages about what happened to this user elsewhere (removed from a channel, …). */
export const notices = createStore<Notice[]>([]);
let next = 1;

export function notify(text: string, ms = 8_000, action?: Notice['action']): void {
  const id = next++;
  notices.set((all) => [...all, { id, text, action }]);
  setTimeout(() => dismiss(id), ms);
}

export function dismiss(id: number): void {
  notices.set((all) => all.filter((n) => n.id !== id));
}
