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
const DAY_MS = 86_400_000;
const LINK = /https?:\/\//i;
const dayStart = (day: string, plusDays = 0) => Date.parse(`${day}T00:00:00Z`) + plusDays * DAY_MS;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every distinct three-character run of a text (already lower-cased). */
function gramsOf(lower: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + GRAM <= lower.length; i++) grams.add(lower.slice(i, i + GRAM));
  return grams;
}

/**
 * Messages by their text, found like the server finds them: every word anywhere in the text (so
 * "deplo" finds "deployment" and "api-v2" or a URL stays whole), phrases, exclusions and filters.
 * A trigram index picks the few candidates worth checking; each is then checked in full.
 */
export class TextIndex {
  private entries: (Entry | undefined)[] = [];
  private slotOf = new Map<string, number>();
  private grams = new Map<string, number[]>();

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
    for (const gram of gramsOf(lower)) {
      const list = this.grams.get(gram);
      if (list) list.push(slot);
      else this.grams.set(gram, [slot]);
    }
  }

  /** Forgets a message; its slot stays empty, and posting lists skip it. */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.entries[slot] = undefined;
    this.slotOf.delete(id);
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

  /** Best first: messages holding every word as a whole word, then the newest; at most `limit`. */
  search(query: ParsedSearch, scope: Scope = {}, limit = 200): IndexHit[] {
    if (scope.authorId === null || scope.channelIds === null) return [];
    const wanted = [...query.terms, ...query.phrases];
    const hits: Entry[] = [];
    for (const slot of this.candidates(wanted)) {
      const e = this.entries[slot];
      if (e && matches(e, query, wanted, scope)) hits.push(e);
    }
    const whole = wanted.map(wholeWord);
    const ranked = hits.map((e) => ({ e, wholeWords: whole.every((re) => re.test(e.lower)) }));
    ranked.sort((a, b) => Number(b.wholeWords) - Number(a.wholeWords) || b.e.at - a.e.at);
    return ranked
      .slice(0, limit)
      .map(({ e, wholeWords }) => ({ message: e.message, wholeWords, highlights: wanted }));
  }

  /** The slots worth checking: the shortest posting list of any trigram wanted, else every slot. */
  private candidates(wanted: string[]): Iterable<number> {
    let best: number[] | undefined;
    for (const word of wanted) {
      if (word.length < GRAM) continue;
      for (const gram of gramsOf(word)) {
        const list = this.grams.get(gram);
        if (!list) return [];
        if (!best || list.length < best.length) best = list;
      }
    }
    return best ? new Set(best) : this.entries.keys();
  }
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
  return words.every((w) => wholeWord(w).test(lower));
}

const wholeWord = (w: string) => new RegExp(`(^|[^\\p{L}\\p{N}_])${escape(w)}($|[^\\p{L}\\p{N}_])`, 'u');
