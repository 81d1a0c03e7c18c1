/** A map that forgets its least recently used entries past a total size, and any entry past its age. */
export class LruCache<K, V> {
  // A Map keeps insertion order, and a read moves its entry to the end: the first is the least recently used.
  private readonly entries = new Map<K, { value: V; size: number; until: number }>();
  private total = 0;

  /** sizeOf: an entry's share of maxSize; 1 each when not given, so maxSize counts entries. */
  constructor(
    private readonly limits: { maxSize: number; ttlMs: number; sizeOf?: (value: V, key: K) => number },
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= now) {
      this.total -= entry.size;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    this.delete(key);
    const size = this.limits.sizeOf?.(value, key) ?? 1;
    if (size > this.limits.maxSize) return;
    this.entries.set(key, { value, size, until: now + this.limits.ttlMs });
    this.total += size;
    for (const oldest of this.entries.keys()) {
      if (this.total <= this.limits.maxSize) break;
      this.delete(oldest);
    }
  }

  private delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.total -= entry.size;
  }
}
