import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Presence } from '@parley/protocol';

type Status = 'online' | 'away';
type Local = { online: number; away: number };
/** Who to tell: the rooms of the people who share a channel or DM with the user, and the user's own. */
export type Announce = (userId: string, status: Presence, rooms: string[]) => void;

// Changes within one window become one event per user, or none when the status ends where it began.
const FLUSH_MS = 250;
const NODE_TTL_S = 60;
const HEARTBEAT_MS = 20_000;
const KEY = 'parley:presence';
const nodeKey = (id: string) => `${KEY}:node:${id}`;

/**
 * Each user's status from the sockets of this node, and with Redis the other nodes' too: one hash per
 * node (user -> status) that expires unless the node is alive, so a crashed node's users go offline.
 */
export class PresenceRegistry {
  private readonly local = new Map<string, Local>();
  /** This node's statuses as of the last flush, as the other nodes see them in Redis. */
  private readonly published = new Map<string, Presence>();
  /** Users whose status may have changed; with the rooms of the last socket when none is left. */
  private readonly dirty = new Map<string, string[] | undefined>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private readonly nodeId = randomUUID();
  private stopped = false;

  constructor(
    private readonly announce: Announce,
    private readonly roomsOf: (userId: string) => string[],
    private readonly redis?: Redis,
  ) {
    if (!redis) return;
    const beat = () =>
      void redis
        .multi()
        .zadd(`${KEY}:nodes`, Date.now(), this.nodeId)
        .zremrangebyscore(`${KEY}:nodes`, 0, Date.now() - NODE_TTL_S * 1000)
        .expire(nodeKey(this.nodeId), NODE_TTL_S)
        .exec()
        .catch(() => {});
    beat();
    this.heartbeat = setInterval(beat, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** A socket of the user opened. */
  add(userId: string, status: Status): void {
    const entry = this.local.get(userId) ?? { online: 0, away: 0 };
    entry[status]++;
    this.local.set(userId, entry);
    this.touch(userId);
  }

  /** A socket of the user changed its status. */
  change(userId: string, from: Status, to: Status): void {
    const entry = this.local.get(userId);
    if (!entry || from === to) return;
    entry[from] = Math.max(0, entry[from] - 1);
    entry[to]++;
    this.touch(userId);
  }

  /** A socket left `status`; `rooms` is what it listened to, for the user's last socket leaving. */
  remove(userId: string, status: Status, rooms: string[]): void {
    const entry = this.local.get(userId);
    if (!entry) return;
    entry[status] = Math.max(0, entry[status] - 1);
    if (entry.online + entry.away === 0) {
      this.local.delete(userId);
      this.dirty.set(userId, rooms);
      this.schedule();
    } else this.touch(userId);
  }

  /** Every connected user's status, across nodes, as announced: events after it follow on. */
  async snapshot(): Promise<Record<string, Presence>> {
    const result: Record<string, Presence> = {};
    const merge = (userId: string, status: string) => {
      if (result[userId] !== 'online') result[userId] = status === 'online' ? 'online' : 'away';
    };
    for (const [userId, status] of this.published) merge(userId, status);
    if (!this.redis) return result;
    // Redis unreachable: this node's users are still worth answering with.
    const hashes = await this.otherNodes()
      .then((nodes) => Promise.all(nodes.map((id) => this.redis!.hgetall(nodeKey(id)))))
      .catch(() => []);
    for (const hash of hashes) for (const [userId, status] of Object.entries(hash)) merge(userId, status);
    return result;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    this.redis
      ?.multi()
      .del(nodeKey(this.nodeId))
      .zrem(`${KEY}:nodes`, this.nodeId)
      .exec()
      .catch(() => {});
  }

  private touch(userId: string): void {
    this.dirty.set(userId, undefined);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => {});
    }, FLUSH_MS);
  }

  /** Announces each user whose status, all nodes together, differs from before this node's change. */
  private async flush(): Promise<void> {
    const batch = [...this.dirty];
    this.dirty.clear();
    const users = batch.map(([userId]) => userId);
    const before = users.map((u) => this.published.get(u) ?? 'offline');
    const after = users.map((u) => this.statusHere(u));
    const elsewhere = this.redis ? await this.share(users, after) : [];
    if (this.stopped) return;
    batch.forEach(([userId, rooms], i) => {
      const now = after[i]!;
      if (now === 'offline') this.published.delete(userId);
      else this.published.set(userId, now);
      const status = combine([now, ...elsewhere.map((node) => node[i])]);
      if (combine([before[i]!, ...elsewhere.map((node) => node[i])]) !== status)
        this.announce(userId, status, rooms ?? this.roomsOf(userId));
    });
  }

  private statusHere(userId: string): Presence {
    const entry = this.local.get(userId);
    return entry ? localStatus(entry) : 'offline';
  }

  /**
   * Writes this node's statuses and reads the other nodes' (one list per node) in one transaction:
   * two last sockets leaving on two nodes at once cannot each still see the other.
   */
  private async share(users: string[], statuses: Presence[]): Promise<(string | null)[][]> {
    const nodes = await this.otherNodes();
    const tx = this.redis!.multi();
    const key = nodeKey(this.nodeId);
    const set = users.flatMap((u, i) => (statuses[i] === 'offline' ? [] : [u, statuses[i]!]));
    const gone = users.filter((_, i) => statuses[i] === 'offline');
    if (set.length) tx.hset(key, ...set);
    if (gone.length) tx.hdel(key, ...gone);
    tx.expire(key, NODE_TTL_S);
    for (const node of nodes) tx.hmget(nodeKey(node), ...users);
    const replies = (await tx.exec()) ?? [];
    return replies.slice(replies.length - nodes.length).map(([, values]) => values as (string | null)[]);
  }

  private async otherNodes(): Promise<string[]> {
    const since = Date.now() - NODE_TTL_S * 1000;
    const ids = await this.redis!.zrangebyscore(`${KEY}:nodes`, since, '+inf');
    return ids.filter((id) => id !== this.nodeId);
  }
}

const localStatus = (entry: Local): Presence => (entry.online > 0 ? 'online' : 'away');

/** Online anywhere wins, then away anywhere. */
function combine(statuses: (string | null | undefined)[]): Presence {
  if (statuses.includes('online')) return 'online';
  return statuses.includes('away') ? 'away' : 'offline';
}
