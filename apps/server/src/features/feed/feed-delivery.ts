import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FeedChange } from '@parley/protocol';
import type { DomainEventName, DomainEvents } from '../../events/bus.js';
import type { Realtime } from '../../realtime/realtime.js';
import type { FeedPlace } from './feed-place.js';
import {
  type ChangeRow,
  comparePositions,
  formatPosition,
  type Position,
  readChanges,
  readChangesForDelivery,
} from './feed.repo.js';
import { resolveChanges } from './resolve.js';

const BATCH = 1_000;
// Catches writes on other nodes whose wake-up Redis dropped, and anything else that slipped.
const POLL_MS = 1_000;
/** A read starts at most this long after the last began: under load, one read takes every change that could not go straight. */
const READ_SPACING_MS = 10;

/** A change this node wrote, with its place in the feed and what its sockets are to hear. */
export type Own = { feed: FeedPlace; row: ChangeRow; change: FeedChange };

/** The change a domain event says it wrote as a statement of its own, when the event carries its place. */
export function ownChange(name: DomainEventName, event: DomainEvents[DomainEventName]): Own | undefined {
  const own = (feed: FeedPlace, channelId: string, entityId: string, change: FeedChange): Own => ({
    feed,
    row: { ...feed.row, kind: change.type, channelId, userId: null, entityId, data: null },
    change,
  });
  if (name === 'message.created') {
    const { message, feed } = event as DomainEvents['message.created'];
    if (!feed) return undefined;
    const { channelId, seq, id } = message;
    const payload = { channelId, seq, message, cursor: formatPosition(feed.row) };
    return own(feed, channelId, id, { type: 'message:created', payload });
  }
  if (name === 'reaction.added' || name === 'reaction.removed') {
    const { channelId, messageId, reactions, feed } = event as DomainEvents['reaction.added'];
    if (!feed || !reactions) return undefined;
    const payload = { channelId, messageId, reactions, cursor: formatPosition(feed.row) };
    return own(feed, channelId, messageId, { type: 'reaction:changed', payload });
  }
  return undefined;
}

/**
 * Each node's live delivery: reads the feed in order from where it started and emits every change to
 * the sockets of this node, so sockets see changes in feed order and each event's cursor is safe to resume from.
 */
export class FeedDelivery {
  private position: Position | undefined;
  /** The last row delivered: the position may have moved past it to the read's horizon. */
  private lastRow: Position | undefined;
  private draining = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  /** The read held back until READ_SPACING_MS after the last began. */
  private due: NodeJS.Timeout | undefined;
  private readAt = -Infinity;
  private stopped = false;
  /** Pages this node has read from the feed, for /metrics. */
  reads = 0;

  constructor(
    private readonly db: Db,
    private readonly realtime: Realtime,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts at the present: clients catch up on the past through GET /sync. */
  async start(): Promise<void> {
    const page = await readChanges(this.db, { after: { tx: 0n, id: 0n }, limit: 0 });
    this.position = { tx: page.below, id: 0n };
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.due);
  }

  /**
   * Something committed: read and deliver, at once when the last read began READ_SPACING_MS ago,
   * else when it has. Calls while a read is due or under way make one more pass, not one each.
   */
  wake(): void {
    if (this.stopped || !this.position) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    if (this.due) return;
    const wait = this.readAt + READ_SPACING_MS - performance.now();
    if (wait > 0) {
      this.due = setTimeout(() => {
        this.due = undefined;
        this.wake();
      }, wait);
      return;
    }
    this.readAt = performance.now();
    this.draining = true;
    void this.drain()
      .catch((err) => this.log.warn({ err }, 'feed delivery failed; retrying on the next change'))
      .finally(() => {
        this.draining = false;
        if (this.again && !this.stopped) {
          this.again = false;
          this.wake();
        }
      });
  }

  /**
   * A change this node just wrote, delivered from what the write answered instead of read back, when
   * its place shows nothing undelivered before it; false when the feed must be read.
   */
  deliverOwn({ feed, row, change }: Own): boolean {
    if (this.draining || this.stopped || !this.position) return false;
    // A read that began after the commit delivered it already.
    if (comparePositions(this.position, feed.row) >= 0) return true;
    const next =
      feed.prev === 'previous-id'
        ? this.lastRow?.id === feed.row.id - 1n
        : comparePositions(feed.prev, this.position) <= 0;
    if (!next) return false;
    this.realtime.deliver({ row, change });
    this.position = this.lastRow = feed.row;
    return true;
  }

  private async drain(): Promise<void> {
    for (;;) {
      this.reads++;
      const page = await readChangesForDelivery(this.db, { after: this.position!, limit: BATCH });
      if (this.stopped) return;
      for (const resolved of await resolveChanges(this.db, page.rows, page.loaded))
        this.realtime.deliver(resolved);
      const last = page.rows.at(-1);
      if (last) this.position = this.lastRow = last;
      if (page.rows.length < BATCH) {
        const horizon = { tx: page.below, id: 0n };
        if (comparePositions(horizon, this.position!) > 0) this.position = horizon;
        return;
      }
    }
  }
}
