import type { ParsedSearch } from '@parley/protocol';

/** What the browser keeps of a message it decrypted: its text and what the filters look at. */
export type IndexedMessage = {
  id: string;
  channelId: string;
  seq: number;
  authorId: string;
  text: string;
  createdAt: string;
  threadRootId: string | null;
  alsoInChannel: boolean;
  replyCount: number;
  pinned: boolean;
  files: number;
  images: number;
};

/** from: and in: turned into ids by the caller (null: the name is unknown here, so nothing matches). */
export type Scope = {
  authorId?: string | null;
  channelIds?: ReadonlySet<string> | null;
  saved?: ReadonlySet<string>;
};

export type IndexHit = { message: IndexedMessage; wholeWords: boolean; highlights: string[] };

type Entry = { message: IndexedMessage; lower: string; at: number };

const GRAM = 3;
/** Above this many candidates, results are gathered newest first and the walk stops once enough are found. */
const FEW = 2_000;
const DAY_MS = 86_400_000;
const LINK = /https?:\/\//i;
const dayStart = (day: string, plusDays = 0) => Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS;

/**
 * Each three-character run of a text (already lower-cased) as a number: 10 bits a character, so
 * characters past U+03FF may share a code. That only adds candidates, which are all checked in full.
 */
function forEachGram(lower: string, visit: (code: number) => void): void {
  for (let i = 0; i + GRAM <= lower.length; i++)
    visit(
      ((lower.charCodeAt(i) & 0x3ff) << 20) |
        ((lower.charCodeAt(i + 1) & 0x3ff) << 10) |
        (lower.charCodeAt(i + 2) & 0x3ff),
    );
}

/**
 * Messages by their text, found like the server finds them: every word anywhere in the text (so
 * "deplo" finds "deployment" and "api-v2" or a URL stays whole), phrases, exclusions and filters.
 * A trigram index picks the few candidates worth checking; each is then checked in full.
 */
export class TextIndex {
  private entries: (Entry | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private grams = new Map<number, number[]>();
  /** Whole words (runs of letters, digits and _) to the slots holding them. */
  private words = new Map<string, number[]>();
  /** Live slots, newest first; sorted again on the first search after an addition. */
  private order: number[] = [];
  /** The time of each slot in `order`, as it was when sorted (a slot removed since stays in place). */
  private orderAt: number[] = [];
  private ordered = true;

  get size(): number {
    return this.slotOf.size;
  }

  has(id: string): boolean {
    return this.slotOf.has(id);
  }

  get(id: string): IndexedMessage | undefined {
    const slot = this.slotOf.get(id);
    return slot === undefined ? undefined : this.entries[slot]?.message;
  }

  /** Adds a message, or replaces the one with its id (an edit). */
  put(message: IndexedMessage): void {
    const old = this.get(message.id);
    if (old && old.text === message.text) {
      this.entries[this.slotOf.get(message.id)!]!.message = message;
      return;
    }
    this.remove(message.id);
    const lower = message.text.toLowerCase();
    const slot = this.entries.length;
    this.entries.push({ message, lower, at: Date.parse(message.createdAt) });
    this.slotOf.set(message.id, slot);
    this.ordered = false;
    forEachGram(lower, (code) => {
      const list = this.grams.get(code);
      // A run seen earlier in this text already ended its list with this slot.
      if (!list) this.grams.set(code, [slot]);
      else if (list[list.length - 1] !== slot) list.push(slot);
    });
    for (const word of lower.split(NON_WORD)) {
      if (!word) continue;
      const list = this.words.get(word);
      if (!list) this.words.set(word, [slot]);
      else if (list[list.length - 1] !== slot) list.push(slot);
    }
  }

  /** Forgets a message; its slot stays empty, and posting lists skip it. */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.entries[slot] = undefined;
    this.slotOf.delete(id);
  }

  /** Every message, for saving. */
  all(): IndexedMessage[] {
    const out: IndexedMessage[] = [];
    for (const e of this.entries) if (e) out.push(e.message);
    return out;
  }

  /** Every message of one channel, for saving it. */
  messagesIn(channelId: string): IndexedMessage[] {
    const out: IndexedMessage[] = [];
    for (const e of this.entries) if (e && e.message.channelId === channelId) out.push(e.message);
    return out;
  }

  removeChannel(channelId: string): void {
    for (const m of this.messagesIn(channelId)) this.remove(m.id);
  }

  /**
   * Best first: messages holding every word as a whole word, then the newest; at most `limit`.
   * Whole-word matches come from the word lists, the rest from the runs of three, each walked
   * newest first and left as soon as the page is full.
   */
  search(query: ParsedSearch, scope: Scope = {}, limit = 200): IndexHit[] {
    if (scope.authorId === null || scope.channelIds === null) return [];
    const wanted = [...query.terms, ...query.phrases];
    const ok = (e: Entry) => matches(e, query, wanted, scope);
    const alone = (e: Entry) => wanted.every((w) => standsAlone(e.lower, w));
    const whole: Entry[] = [];
    const part: Entry[] = [];
    const span = spanOf(query);
    if (wanted.length > 0 && wanted.every((w) => PLAIN_WORD.test(w))) {
      this.walk(intersect(wanted.map((w) => this.words.get(w) ?? [])), span, (e) => {
        if (ok(e) && alone(e)) whole.push(e);
        return whole.length >= limit;
      });
      const taken = new Set(whole);
      if (whole.length < limit)
        this.walk(this.candidates(wanted), span, (e) => {
          if (!taken.has(e) && ok(e)) part.push(e);
          return whole.length + part.length >= limit;
        });
    } else {
      this.walk(this.candidates(wanted), span, (e) => {
        if (!ok(e)) return false;
        if (alone(e)) whole.push(e);
        else if (part.length < limit) part.push(e);
        return whole.length >= limit;
      });
    }
    const hit = (wholeWords: boolean) => (e: Entry) => ({
      message: e.message,
      wholeWords,
      highlights: wanted,
    });
    return [...whole.map(hit(true)), ...part.map(hit(false))].slice(0, limit);
  }

  /**
   * Visits the live entries of `slots` (all when undefined) newest first, until `visit` says stop;
   * a day filter's span starts and ends the walk through the time order.
   */
  private walk(slots: number[] | undefined, span: Span, visit: (e: Entry) => boolean): void {
    if (slots && slots.length <= FEW) {
      const entries = slots.map((slot) => this.entries[slot]).filter((e) => e !== undefined);
      entries.sort((a, b) => b.at - a.at);
      for (const e of entries) if (visit(e)) return;
      return;
    }
    const marked = slots && new Uint8Array(this.entries.length);
    if (marked) for (const slot of slots) marked[slot] = 1;
    const order = this.newestFirst();
    for (let i = this.firstBefore(span.until); i < order.length; i++) {
      const slot = order[i]!;
      if (marked && !marked[slot]) continue;
      const e = this.entries[slot];
      if (!e) continue;
      if (e.at < span.from) return;
      if (visit(e)) return;
    }
  }

  /** The first position in the newest-first order older than `until` (binary search). */
  private firstBefore(until: number): number {
    let lo = 0;
    let hi = this.orderAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.orderAt[mid]! >= until) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private newestFirst(): number[] {
    if (!this.ordered) {
      this.order = [...this.slotOf.values()].sort((a, b) => this.entries[b]!.at - this.entries[a]!.at);
      this.orderAt = this.order.map((slot) => this.entries[slot]!.at);
      this.ordered = true;
    }
    return this.order;
  }

  /** The slots worth checking: those in the lists of every run of three wanted, else all (undefined). */
  private candidates(wanted: string[]): number[] | undefined {
    const lists: number[][] = [];
    for (const word of wanted) forEachGram(word, (code) => lists.push(this.grams.get(code) ?? []));
    return lists.length ? intersect(lists) : undefined;
  }
}

type Span = { from: number; until: number };
/** The times a day filter allows: from (inclusive) until (exclusive). */
function spanOf(query: ParsedSearch): Span {
  const from = Math.max(
    query.after ? dayStart(query.after, 1) : -Infinity,
    query.on ? dayStart(query.on) : -Infinity,
  );
  const until = Math.min(
    query.before ? dayStart(query.before) : Infinity,
    query.on ? dayStart(query.on, 1) : Infinity,
  );
  return { from, until };
}

/** Slots in every list (each ascending, as slots are handed out), shortest lists first; few is enough. */
function intersect(lists: number[][]): number[] {
  const sorted = [...lists].sort((a, b) => a.length - b.length);
  let out = sorted[0]!;
  for (const list of sorted.slice(1)) {
    if (out.length <= 32) break;
    const next: number[] = [];
    for (let i = 0, j = 0; i < out.length && j < list.length;) {
      if (out[i]! < list[j]!) i++;
      else if (out[i]! > list[j]!) j++;
      else {
        next.push(out[i]!);
        i++;
        j++;
      }
    }
    out = next;
  }
  return out;
}

function matches(e: Entry, query: ParsedSearch, wanted: string[], scope: Scope): boolean {
  const m = e.message;
  if (scope.authorId !== undefined && m.authorId !== scope.authorId) return false;
  if (scope.channelIds && !scope.channelIds.has(m.channelId)) return false;
  if (query.after && e.at < dayStart(query.after, 1)) return false;
  if (query.before && e.at >= dayStart(query.before)) return false;
  if (query.on && (e.at < dayStart(query.on) || e.at >= dayStart(query.on, 1))) return false;
  if (query.has.includes('link') && !LINK.test(m.text)) return false;
  if (query.has.includes('file') && m.files === 0) return false;
  if (query.has.includes('image') && m.images === 0) return false;
  if (query.is.includes('thread') && !m.threadRootId && m.replyCount === 0) return false;
  if (query.is.includes('pinned') && !m.pinned) return false;
  if (query.is.includes('saved') && !scope.saved?.has(m.id)) return false;
  for (const w of wanted) if (!e.lower.includes(w)) return false;
  for (const w of query.excludes) if (e.lower.includes(w)) return false;
  return true;
}

/** Whether every word or phrase stands as a whole word in the text, as the server ranks first. */
export function holdsWholeWords(text: string, words: string[]): boolean {
  const lower = text.toLowerCase();
  return words.every((w) => standsAlone(lower, w));
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;
const NON_WORD = /[^\p{L}\p{N}_]+/u;
const PLAIN_WORD = /^[\p{L}\p{N}_]+$/u;
/** A letter, digit or underscore: ASCII by its code, the rest through a Unicode class. */
function isWordChar(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 128) return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
  return WORD_CHAR.test(text[at]!);
}

/** Whether `word` occurs in `lower` with no letter or digit right before or after it. */
function standsAlone(lower: string, word: string): boolean {
  for (let i = lower.indexOf(word); i >= 0; i = lower.indexOf(word, i + 1)) {
    const end = i + word.length;
    if ((i === 0 || !isWordChar(lower, i - 1)) && (end === lower.length || !isWordChar(lower, end)))
      return true;
  }
  return false;
}
