import { readJson, writeJson } from './use-local-storage';

const KEY = 'parley.recentConversations';
const KEEP = 20;

/** Ids of the conversations opened in this browser, the latest first: the quick switcher lists them. */
export function recentConversations(): string[] {
  const stored = readJson<unknown>(KEY, []);
  return Array.isArray(stored)
    ? stored.filter((id): id is string => typeof id === 'string').slice(0, KEEP)
    : [];
}

export function rememberOpened(id: string): void {
  writeJson(KEY, [id, ...recentConversations().filter((other) => other !== id)].slice(0, KEEP));
}
