import type { QueryClient } from '@tanstack/react-query';
import type { UserKeyPairs } from '@parley/crypto';
import type { Channel, FeedChange, Message, ParsedSearch, User } from '@parley/protocol';
import { createStore } from '../lib/store';
import { loadChunk } from '../lib/load-chunk';
import type { IndexHit, Scope } from '../lib/text-index';
import { onDecrypted } from '../crypto/decrypted-feed';
import { cryptoEpoch } from '../crypto/epoch';
import { vault } from '../crypto/vault';
import { keys } from './keys';
import type { ChannelProgress, LocalSearchEngine } from './local-search-engine';

export type { ChannelProgress } from './local-search-engine';
export type LocalSearchState = {
  /** locked: no unlocked vault here, so no encrypted search; loading: the index is being read. */
  status: 'locked' | 'loading' | 'ready';
  /** Bumped whenever the index changes, so a search shown runs again. */
  version: number;
  progress: ReadonlyMap<string, ChannelProgress>;
};

export const localSearch = createStore<LocalSearchState>({
  status: 'loading',
  version: 0,
  progress: new Map(),
});

const PUBLISH_EVERY_MS = 400;
const QUEUE_MAX = 5_000;
type Pending = { decrypted: [Message, string] } | { change: FeedChange };
let queue: Pending[] = [];
let engine: Promise<LocalSearchEngine | undefined> | undefined;
let running: LocalSearchEngine | undefined;

/** Keeps the local index while the vault is unlocked; a locked vault stops it (and lock deletes it). */
export function startLocalSearch(qc: QueryClient, selfId: string): () => void {
  let generation = 0;
  let publishTimer: ReturnType<typeof setTimeout> | undefined;
  const publish = () => {
    publishTimer ??= setTimeout(() => {
      publishTimer = undefined;
      if (running)
        localSearch.set((s) => ({
          status: 'ready',
          version: s.version + 1,
          progress: new Map(running!.progress),
        }));
    }, PUBLISH_EVERY_MS);
  };
  const close = () => {
    generation++;
    running?.stop();
    running = undefined;
    engine = undefined;
    queue = [];
  };
  const open = (pairs: UserKeyPairs) => {
    const mine = ++generation;
    localSearch.set((s) => ({ ...s, status: 'loading', progress: new Map() }));
    engine = (async () => {
      const { LocalSearchEngine } = await loadChunk(() => import('./local-search-engine'));
      const e = await LocalSearchEngine.open(pairs, selfId, qc, publish);
      if (mine !== generation) {
        e.stop();
        return undefined;
      }
      running = e;
      for (const p of queue.splice(0)) {
        if ('decrypted' in p) e.put(...p.decrypted);
        else await e.apply(p.change);
      }
      void e.backfill();
      localSearch.set((s) => ({ status: 'ready', version: s.version + 1, progress: new Map(e.progress) }));
      return e;
    })().catch(() => undefined);
  };
  let unlockedWith: UserKeyPairs | undefined;
  const follow = () => {
    const v = vault.get();
    const pairs = v.status === 'unlocked' ? v.pairs : undefined;
    // While the vault is still being read, the page says loading rather than locked.
    const status = v.status === 'loading' ? 'loading' : 'locked';
    const showLocked = () =>
      localSearch.set((s) => ({ status, version: s.version + 1, progress: new Map() }));
    if (pairs === unlockedWith) {
      if (!pairs && localSearch.get().status !== status) showLocked();
      return;
    }
    unlockedWith = pairs;
    close();
    if (pairs) open(pairs);
    else showLocked();
  };
  onDecrypted((message, text) => {
    if (running) running.put(message, text);
    else if (engine && queue.length < QUEUE_MAX) queue.push({ decrypted: [message, text] });
  });
  const stopFollowing = vault.subscribe(follow);
  // Keys that arrived may open messages the backfill had to leave.
  const stopPoking = cryptoEpoch.subscribe(() => running?.poke());
  follow();
  return () => {
    stopFollowing();
    stopPoking();
    onDecrypted(undefined);
    clearTimeout(publishTimer);
    unlockedWith = undefined;
    close();
  };
}

/** Every message change the data layer applies; the index follows edits and deletes. */
export function noteChange(change: FeedChange): void {
  // A channel joined or changed may have history to index now.
  if (change.type === 'member:joined' || change.type === 'channel:updated') running?.poke();
  const wanted =
    change.type === 'channel:removed' ||
    change.type === 'history:pruned' ||
    ((change.type === 'message:created' ||
      change.type === 'message:updated' ||
      change.type === 'message:deleted') &&
      (change.type === 'message:deleted' || !!change.payload.message.encrypted));
  if (!wanted) return;
  if (running) void running.apply(change);
  else if (engine && queue.length < QUEUE_MAX) queue.push({ change });
}

/** Encrypted messages this browser indexed that match; undefined when there is no index (locked). */
export async function searchEncrypted(qc: QueryClient, query: ParsedSearch): Promise<IndexHit[] | undefined> {
  const e = await engine;
  return e?.search(query, scopeOf(qc, query));
}

/** from: and in: as ids, from what the cache knows of people and channels. */
function scopeOf(qc: QueryClient, query: ParsedSearch): Scope {
  const users = qc.getQueryData<User[]>(keys.users) ?? [];
  const me = qc.getQueryData<User | null>(keys.session);
  const channels = qc.getQueryData<Channel[]>(keys.channels) ?? [];
  const scope: Scope = {};
  if (query.from) {
    const user = [...users, ...(me ? [me] : [])].find((u) => u.username.toLowerCase() === query.from);
    scope.authorId = user?.id ?? null;
  }
  if (query.in && 'channel' in query.in) {
    const name = query.in.channel;
    const found = channels.filter((c) => c.kind !== 'dm' && c.kind !== 'group' && c.name === name);
    scope.channelIds = found.length ? new Set(found.map((c) => c.id)) : null;
  } else if (query.in) {
    const name = query.in.user;
    const found = channels.filter(
      (c) => c.kind === 'dm' && (c.dmUsers ?? []).some((u) => u.username.toLowerCase() === name),
    );
    scope.channelIds = found.length ? new Set(found.map((c) => c.id)) : null;
  }
  return scope;
}
