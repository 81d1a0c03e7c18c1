import { createStore } from '../lib/store';

export type NoticeAction = { label: string; run: () => void };
/** `actions`: what can be done about it, such as opening what it is about. */
export type Notice = { id: number; text: string; actions: NoticeAction[] };

/** Short messages about what happened to this user elsewhere (removed from a channel, …). */
export const notices = createStore<Notice[]>([]);
let next = 1;

export function notify(text: string, ms = 8_000, action?: NoticeAction | NoticeAction[]): void {
  const id = next++;
  const actions = action ? [action].flat() : [];
  // The same words again replace the earlier notice, so repeating an action does not stack copies.
  notices.set((all) => [...all.filter((n) => n.text !== text), { id, text, actions }]);
  setTimeout(() => dismiss(id), ms);
}

export function dismiss(id: number): void {
  notices.set((all) => all.filter((n) => n.id !== id));
}
