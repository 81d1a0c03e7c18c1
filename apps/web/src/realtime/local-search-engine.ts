// Loaded on demand (local-search.ts imports it dynamically): the chat screen's first load stays small.
import type { QueryClient } from '@tanstack/react-query';
import type { UserKeyPairs } from '@parley/crypto';
import type {
  Channel,
  FeedChange,
  Message,
  MessagesResponse,
  ParsedSearch,
  ThreadResponse,
  User,
} from '@parley/protocol';
import { api } from '../lib/api';
import { TextIndex, type IndexHit, type IndexedMessage, type Scope } from '../lib/text-index';
import { decryptText } from '../crypto/message-crypto';
import { deriveIndexKeys, indexedDbRecords, SealedRecords, type RecordStore } from '../crypto/search-store';
import { keys } from './keys';

/** How far back a channel is indexed: seqs newestSeq down to oldestSeq, complete when nothing is older. */
export type ChannelProgress = {
  newestSeq: number;
  oldestSeq: number;
  oldestAt: string | null;
  complete: boolean;
};
/** Records hold a channel's messages by runs of 500 seqs, so a new message re-seals 500, not the channel. */
const BUCKET = 500;
const bucketName = (channelId: string, seq: number) => `${channelId}/${Math.floor(seq / BUCKET)}`;
const progressName = (channelId: string) => `${channelId}/p`;

const PAGE = 200;
const PAUSE_MS = 1_000;
const HIDDEN_PAUSE_MS = 5_000;
const IDLE_MS = 30_000;
const THREAD_PAUSE_MS = 200;
const SAVE_AFTER_MS = 2_000;

export function toIndexed(message: Message, text: string): IndexedMessage {
  return {
    id: message.id,
    channelId: message.channelId,
    seq: message.seq,
    authorId: message.authorId,
    text,
    createdAt: message.createdAt,
    threadRootId: message.threadRootId,
    alsoInChannel: message.alsoInChannel,
    replyCount: message.replyCount,
    pinned: !!message.pinnedAt,
    files: message.files.length,
    images: message.files.filter((f) => f.type.startsWith('image/')).length,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * This browser's index of the encrypted messages it has decrypted: fed by display, live events and a
 * background backfill through the history API, saved per channel sealed under the index key.
 */
export class LocalSearchEngine {
  readonly index = new TextIndex();
  readonly progress = new Map<string, ChannelProgress>();
  private dirty = new Set<string>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;

  constructor(
    private records: SealedRecords,
    private qc: QueryClient | undefined,
    private onChange: () => void,
  ) {}

  static async open(
    pairs: UserKeyPairs,
    userId: string,
    qc: QueryClient | undefined,
    onChange: () => void,
    store: RecordStore = indexedDbRecords,
  ): Promise<LocalSearchEngine> {
    const records = new SealedRecords(store, await deriveIndexKeys(pairs, userId), `${userId}:`);
    const engine = new LocalSearchEngine(records, qc, onChange);
    await engine.load();
    return engine;
  }

  private async load(): Promise<void> {
    for (const name of await this.records.names()) {
      const [channelId, part] = name.split('/');
      if (part === 'p') {
        const progress = await this.records.get<ChannelProgress>(name);
        if (progress) this.progress.set(channelId!, progress);
      } else {
        for (const m of (await this.records.get<IndexedMessage[]>(name)) ?? []) this.index.put(m);
      }
    }
  }

  /** A decrypted message; system lines and deleted messages are not indexed. */
  put(message: Message, text: string): void {
    if (this.stopped || !message.encrypted || message.deletedAt || message.system) return;
    this.index.put(toIndexed(message, text));
    this.changed(bucketName(message.channelId, message.seq));
  }

  remove(channelId: string, messageId: string): void {
    const known = this.index.get(messageId);
    if (!known) return;
    this.index.remove(messageId);
    this.changed(bucketName(channelId, known.seq));
  }

  /** A change from the socket or the sync feed: new and edited messages decrypted, deleted ones gone. */
  async apply(change: FeedChange): Promise<void> {
    if (change.type === 'channel:removed') return this.dropChannel(change.payload.channelId);
    if (change.type === 'history:pruned') return this.prune(change.payload.channelId, change.payload.rootIds);
    if (
      change.type !== 'message:created' &&
      change.type !== 'message:updated' &&
      change.type !== 'message:deleted'
    )
      return;
    const { message } = change.payload;
    if (!message.encrypted || change.type === 'message:deleted' || message.deletedAt)
      return this.remove(message.channelId, message.id);
    const known = this.index.get(message.id);
    if (change.type === 'message:updated' && known && !message.editedAt) {
      // Pins, reply counts: the text is unchanged, so no decryption.
      return this.put(message, known.text);
    }
    const text = await this.decrypt(message);
    if (typeof text === 'string') this.put(message, text);
  }

  /** What retention deleted: these roots and channel messages, with their replies. */
  prune(channelId: string, rootIds: string[]): void {
    const gone = new Set(rootIds);
    for (const m of this.index.messagesIn(channelId))
      if (gone.has(m.id) || gone.has(m.threadRootId ?? '')) this.remove(channelId, m.id);
  }

  async dropChannel(channelId: string): Promise<void> {
    this.index.removeChannel(channelId);
    this.progress.delete(channelId);
    const mine = (name: string) => name.startsWith(`${channelId}/`);
    for (const name of this.dirty) if (mine(name)) this.dirty.delete(name);
    if (!this.stopped) {
      const names = await this.records.names().catch(() => []);
      for (const name of names.filter(mine)) await this.records.delete(name).catch(() => {});
    }
    this.onChange();
  }

  search(query: ParsedSearch, scope?: Scope, limit?: number): IndexHit[] {
    return this.index.search(query, scope, limit);
  }

  /** Writes the records changed since the last save, each sealed on its own; an emptied one is deleted. */
  async flush(): Promise<void> {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    const dirty = new Set(this.dirty);
    this.dirty.clear();
    const groups = new Map<string, IndexedMessage[]>();
    for (const m of this.index.all()) {
      const name = bucketName(m.channelId, m.seq);
      if (!dirty.has(name)) continue;
      const group = groups.get(name);
      if (group) group.push(m);
      else groups.set(name, [m]);
    }
    for (const name of dirty) {
      if (this.stopped) return;
      const [channelId, part] = name.split('/');
      const value = part === 'p' ? this.progress.get(channelId!) : groups.get(name);
      await (value ? this.records.put(name, value) : this.records.delete(name)).catch(() => {});
    }
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.saveTimer);
    this.wake?.();
  }

  /** Pages back through each encrypted channel's history, one page at a time, until all is indexed. */
  async backfill(): Promise<void> {
    while (!this.stopped) {
      const channels = (this.qc?.getQueryData<Channel[]>(keys.channels) ?? []).filter((c) => c.encrypted);
      let worked = false;
      for (const channel of channels) {
        if (this.stopped) return;
        if (!(await this.step(channel).catch(() => false))) continue;
        worked = true;
        this.onChange();
        await this.pause(document.hidden ? HIDDEN_PAUSE_MS : PAUSE_MS);
      }
      if (!worked) await this.pause(IDLE_MS);
    }
  }

  /** Wakes the backfill early (a new channel, keys that arrived). */
  poke(): void {
    this.wake?.();
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  /** One page of one channel: newer messages first (those sent while this browser was away), then older. */
  private async step(channel: Channel): Promise<boolean> {
    const p = this.progress.get(channel.id);
    if (p && p.complete && p.newestSeq >= channel.lastSeq) return false;
    const query = !p
      ? ''
      : p.newestSeq < channel.lastSeq
        ? `after=${p.newestSeq}&`
        : `before=${p.oldestSeq}&`;
    const page = await api<MessagesResponse>('GET', `/channels/${channel.id}/messages?${query}limit=${PAGE}`);
    if (this.stopped) return false;
    let waiting = false;
    for (const m of page.messages) if (!(await this.index1(m))) waiting = true;
    // A key this browser does not hold yet: the page is read again once keys change.
    if (waiting || this.stopped) return false;
    const seqs = page.messages.map((m) => m.seq);
    const oldest = page.messages[0];
    const next: ChannelProgress = p
      ? { ...p }
      : { newestSeq: channel.lastSeq, oldestSeq: channel.lastSeq + 1, oldestAt: null, complete: false };
    if (p && query.startsWith('after')) {
      next.newestSeq = page.hasMore ? Math.max(p.newestSeq, ...seqs) : Math.max(channel.lastSeq, ...seqs);
    } else {
      if (!p) next.newestSeq = Math.max(channel.lastSeq, ...seqs);
      if (oldest && oldest.seq < next.oldestSeq) {
        next.oldestSeq = oldest.seq;
        next.oldestAt = oldest.createdAt;
      }
      next.complete = !page.hasMore;
    }
    this.progress.set(channel.id, next);
    this.changed(progressName(channel.id));
    return true;
  }

  /** A message of a history page, and the replies of its thread; false when a key is missing. */
  private async index1(message: Message): Promise<boolean> {
    let done = true;
    const add = async (m: Message) => {
      if (!m.encrypted || m.deletedAt || m.system || this.index.has(m.id)) return;
      const text = await this.decrypt(m);
      if (typeof text === 'string') this.put(m, text);
      else if (text?.retry) done = false;
    };
    await add(message);
    if (message.replyCount === 0 || message.threadRootId) return done;
    let before = '';
    for (;;) {
      await sleep(THREAD_PAUSE_MS);
      if (this.stopped) return done;
      const page = await api<ThreadResponse>('GET', `/messages/${message.id}/thread?${before}limit=${PAGE}`);
      for (const reply of page.messages) await add(reply);
      if (this.stopped || !page.hasMore || page.messages.length === 0) return done;
      before = `before=${page.messages[0]!.seq}&`;
    }
  }

  /** The text; { retry } while a key is not here yet; undefined when it can never be read (altered). */
  private async decrypt(message: Message): Promise<string | { retry: true } | undefined> {
    const users = this.qc?.getQueryData<User[]>(keys.users);
    const name = users?.find((u) => u.id === message.authorId)?.displayName ?? 'Someone';
    const plain = await decryptText(message, name).catch(() => undefined);
    if (!plain) return { retry: true };
    if (plain.ok) return plain.text;
    return plain.state === 'failed' ? undefined : { retry: true };
  }

  private changed(recordName: string): void {
    this.dirty.add(recordName);
    if (!this.saveTimer && !this.stopped) this.saveTimer = setTimeout(() => void this.flush(), SAVE_AFTER_MS);
    this.onChange();
  }
}
