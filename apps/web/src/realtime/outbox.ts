import type { SealedFileMeta } from '@parley/crypto';
import { readJson, writeJson } from '../lib/use-local-storage';
import { createStore } from '../lib/store';

export type OutboxItem = {
  clientId: string;
  channelId: string;
  body: string;
  /** Thread replies: the root they answer, and whether they also go to the channel. */
  threadRootId?: string;
  alsoInChannel?: boolean;
  /** Files already uploaded (POST /files): a retry sends them again, never uploads twice. */
  fileIds?: string[];
  /** Encrypted channels: the files' keys, names and previews, sealed into the envelope at send time. */
  sealedFiles?: SealedFileMeta[];
  createdAt: string;
  status: 'pending' | 'failed';
  error?: string;
};

/** Sends not yet acknowledged, in order; kept in localStorage so a reload does not lose them. */
export const outbox = createStore<OutboxItem[]>([]);
let storageKey: string | undefined;

export function openOutbox(userId: string): void {
  storageKey = `parley.outbox.${userId}`;
  outbox.set(readJson<OutboxItem[]>(storageKey, []));
}

function save(items: OutboxItem[]): void {
  if (storageKey) writeJson(storageKey, items);
}

export function enqueue(item: Omit<OutboxItem, 'status' | 'createdAt'>): void {
  outbox.set((items) => {
    const next = [...items, { ...item, status: 'pending' as const, createdAt: new Date().toISOString() }];
    save(next);
    return next;
  });
}

export function updateItem(clientId: string, patch: Partial<OutboxItem>): void {
  outbox.set((items) => {
    const next = items.map((i) => (i.clientId === clientId ? { ...i, ...patch } : i));
    save(next);
    return next;
  });
}

export function removeItem(clientId: string): void {
  outbox.set((items) => {
    const next = items.filter((i) => i.clientId !== clientId);
    save(next);
    return next;
  });
}
