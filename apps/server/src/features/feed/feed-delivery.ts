import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Message } from '@parley/protocol';
import type { Realtime } from '../../realtime/realtime.js';
import type { FeedPlace } from './feed-place.js';
import {
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

/**
 * Each node's live delivery: reads the feed in order from where it started and emits every change to
 * the sockets of this node, so sockets see changes in feed order and each event's cursor is safe to resume from.
 */
export class FeedDelivery {
  private position: Position | undefined;
  private draining = false;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

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
  }

  /** Something committed: read and deliver. Calls while draining make one more pass, not one each. */
  wake(): void {
    if (this.stopped || !this.position) return;
    if (this.draining) {
      this.again = true;
      return;
    }
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
   * A message this node just stored, delivered from what the send answered instead of read back, when
   * its place shows nothing undelivered before it; false when the feed must be read.
   */
  deliverSent({ message, feed }: { message: Message; feed?: FeedPlace }): boolean {
    if (!feed || this.draining || this.stopped || !this.position) return false;
    const place = feed.row;
    // A read that began after the commit delivered it already.
    if (comparePositions(this.position, place) >= 0) return true;
    if (comparePositions(feed.prev, this.position) > 0) return false;
    const row = { ...place, kind: 'message:created' as const, channelId: message.channelId };
    const payload = {
      channelId: message.channelId,
      seq: message.seq,
      message,
      cursor: formatPosition(place),
    };
    this.realtime.deliver({
      row: { ...row, userId: null, entityId: message.id, data: null },
      change: { type: 'message:created', payload },
    });
    this.position = place;
    return true;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const page = await readChangesForDelivery(this.db, { after: this.position!, limit: BATCH });
      if (this.stopped) return;
      for (const resolved of await resolveChanges(this.db, page.rows, page.loaded))
        this.realtime.deliver(resolved);
      const last = page.rows.at(-1);
      if (last) this.position = last;
      if (page.rows.length < BATCH) {
        const horizon = { tx: page.below, id: 0n };
        if (comparePositions(horizon, this.position!) > 0) this.position = horizon;
        return;
      }
    }
  }
}
