import { readJson, writeJson } from '../lib/use-local-storage';
import { createStore } from '../lib/store';

/** userId -> the fingerprint this user compared and marked verified; kept in this browser. */
export const verified = createStore<Record<string, string>>({});
let storageKey = '';

export function openVerified(selfId: string): void {
  storageKey = `parley.verified.${selfId}`;
  verified.set(readJson<Record<string, string>>(storageKey, {}));
}

export function markVerified(userId: string, fingerprint: string | undefined): void {
  verified.set((all) => {
    const next = { ...all };
    if (fingerprint) next[userId] = fingerprint;
    else delete next[userId];
    writeJson(storageKey, next);
    return next;
  });
}

export type Trust = 'none' | 'unverified' | 'verified' | 'changed';

/** 'changed' means a verified user now shows another key: warn, and share no channel key with it. */
export function trustOf(all: Record<string, string>, userId: string, fingerprint: string | undefined): Trust {
  if (!fingerprint) return 'none';
  const seen = all[userId];
  if (!seen) return 'unverified';
  return seen === fingerprint ? 'verified' : 'changed';
}
