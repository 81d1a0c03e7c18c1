import { sql } from 'drizzle-orm';
import type { FeedEventName, Message, Reaction } from '@parley/protocol';
import { type Conn, type Db, preparedStatement } from '../../db/client.js';
import { changes } from '../../db/schema.js';
import { groupReactions, toFileInfo, toMessage } from '../messages/messages.repo.js';
import { type Position, parsePosition } from './feed-place.js';

export { type Position, parsePosition };

export type NewChange = {
  kind: FeedEventName;
  channelId?: string | null;
  userId?: string | null;
  entityId?: string | null;
  data?: Record<string, unknown> | null;
};

export type ChangeRow = {
  tx: bigint;
  id: bigint;
  kind: FeedEventName;
  channelId: string | null;
  userId: string | null;
  entityId: string | null;
  data: Record<string, unknown> | null;
};

export const formatPosition = (p: Position) => `${p.tx}.${p.id}`;

/** Records changes in the caller's transaction, so the feed holds exactly what committed. */
export async function recordChanges(db: Conn, rows: NewChange[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(changes).values(
    rows.map((r) => ({
      kind: r.kind,
      channelId: r.channelId ?? null,
      userId: r.userId ?? null,
      entityId: r.entityId ?? null,
      data: r.data ?? null,
    })),
  );
}

type Raw = {
  below: string;
  next: string;
  tx: string | null;
  id: string | number | null;
  kind: FeedEventName | null;
  channel_id: string | null;
  user_id: string | null;
  entity_id: string | null;
  data: Record<string, unknown> | string | null;
};

export type FeedPage = {
  rows: ChangeRow[];
  /** Every transaction below this one had ended when the page was read: nothing below it can still appear. */
  below: bigint;
  /** The next transaction id to be given: a cursor past it comes from another database. */
  next: bigint;
};

/**
 * Changes after a position, in feed order, only from transactions older than the oldest one still
 * running, so a change that commits late is never skipped. With a user, only what that user may see:
 * their own changes, their channels' changes and changes for everyone.
 */
export async function readChanges(
  db: Db,
  opts: { after: Position; limit: number; userId?: string },
): Promise<FeedPage> {
  const visible = opts.userId
    ? sql`and (c.user_id = ${opts.userId} or (c.user_id is null and (c.channel_id is null
        or c.channel_id in (select m.channel_id from memberships m where m.user_id = ${opts.userId}))))`
    : sql``;
  // One statement: the horizon comes from the same snapshot the rows are read in.
  const result = (await db.execute(sql`
    with h as (select pg_snapshot_xmin(s) as below, pg_snapshot_xmax(s) as next from pg_current_snapshot() s)
    select h.below::text as below, h.next::text as next, c.tx::text as tx, c.id, c.kind, c.channel_id,
      c.user_id, c.entity_id, c.data
    from h left join lateral (
      select * from ${changes} c
      where (c.tx, c.id) > (${String(opts.after.tx)}::xid8, ${String(opts.after.id)}::bigint)
        and c.tx < h.below ${visible}
      order by c.tx, c.id
      limit ${opts.limit}
    ) c on true
    order by c.tx, c.id`)) as unknown as { rows: Raw[] };
  const first = result.rows[0]!;
  const rows = result.rows.filter((r) => r.tx !== null).map(toChangeRow);
  return { rows, below: BigInt(first.below), next: BigInt(first.next) };
}

type DeliveryRaw = Raw & {
  m_id: string | null;
  m_seq: number;
  m_author_id: string;
  m_client_id: string;
  m_body: string | null;
  m_encrypted: unknown;
  m_thread_root_id: string | null;
  m_also_in_channel: boolean;
  m_created_at: Date;
  m_edited_at: Date | null;
  m_deleted_at: Date | null;
  m_reply_count: number;
  m_last_reply_at: Date | null;
  m_reply_user_ids: string[];
  m_pinned_at: Date | string | null;
  m_pinned_by: string | null;
  m_system: unknown;
  m_via: unknown;
  m_previews: unknown;
  files: Parameters<typeof toFileInfo>[0][] | string | null;
  reactions: { emoji: string; userId: string }[] | string | null;
};

/**
 * The live delivery's read, for every change after a position: readChanges without a user, with each
 * message change's message and the reactions of what a message or reaction change names, in one
 * statement parsed once by name. Every write wakes it, so three statements parsed each time cost more
 * than the send itself on PGlite.
 */
const readForDelivery = preparedStatement<DeliveryRaw>(
  'feed_delivery',
  `with h as (select pg_snapshot_xmin(s) as below, pg_snapshot_xmax(s) as next from pg_current_snapshot() s)
  select h.below::text as below, h.next::text as next, c.tx::text as tx, c.id, c.kind, c.channel_id,
    c.user_id, c.entity_id, c.data, m.id as m_id, m.seq as m_seq, m.author_id as m_author_id,
    m.client_id as m_client_id, m.body as m_body, m.encrypted as m_encrypted,
    m.thread_root_id as m_thread_root_id, m.also_in_channel as m_also_in_channel,
    m.created_at as m_created_at, m.edited_at as m_edited_at, m.deleted_at as m_deleted_at,
    m.reply_count as m_reply_count, m.last_reply_at as m_last_reply_at,
    m.reply_user_ids::text[] as m_reply_user_ids, m.pinned_at as m_pinned_at, m.pinned_by as m_pinned_by,
    m.system as m_system, m.via as m_via, m.previews as m_previews,
    case when c.kind in ('message:created', 'message:updated', 'message:deleted', 'reaction:changed') then
      (select json_agg(json_build_object('emoji', r.emoji, 'userId', r.user_id) order by r.created_at, r.user_id)
        from reactions r where r.message_id = c.entity_id) end as reactions,
    case when c.kind in ('message:created', 'message:updated') then
      (select json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size, 'type', f.type,
        'sha256', f.sha256, 'width', f.width, 'height', f.height, 'thumbWrappedKey', f.thumb_wrapped_key)
        order by f.created_at, f.id) from files f where f.message_id = c.entity_id) end as files
  from h left join lateral (
    select * from changes c
    where (c.tx, c.id) > ($1::xid8, $2::bigint) and c.tx < h.below
    order by c.tx, c.id
    limit $3
  ) c on true
  left join messages m
    on m.id = c.entity_id and c.kind in ('message:created', 'message:updated', 'message:deleted')
  order by c.tx, c.id`,
);

/** What resolving a delivery page needs beyond its rows, read with them. */
export type Loaded = { messages: Map<string, Message>; reactions: Map<string, Reaction[]> };

/** readChanges for every user, with the messages and reactions the page names (see readForDelivery). */
export async function readChangesForDelivery(
  db: Db,
  opts: { after: Position; limit: number },
): Promise<FeedPage & { loaded: Loaded }> {
  const raw = await readForDelivery(db, [String(opts.after.tx), String(opts.after.id), opts.limit]);
  const first = raw[0]!;
  const loaded: Loaded = { messages: new Map(), reactions: new Map() };
  const rows: ChangeRow[] = [];
  for (const r of raw) {
    if (r.tx === null) continue;
    const row = toChangeRow(r);
    rows.push(row);
    const list = groupReactions(
      (typeof r.reactions === 'string' ? JSON.parse(r.reactions) : r.reactions) ?? [],
    );
    if (row.entityId) loaded.reactions.set(row.entityId, list);
    const stored: Parameters<typeof toFileInfo>[0][] =
      (typeof r.files === 'string' ? JSON.parse(r.files) : r.files) ?? [];
    const fileList = stored.map(toFileInfo);
    if (r.m_id) loaded.messages.set(r.m_id, toMessage(messageRowOf(r), list, fileList));
  }
  return { rows, below: BigInt(first.below), next: BigInt(first.next), loaded };
}

function messageRowOf(r: DeliveryRaw) {
  const date = (d: Date | string | null) => (d === null ? null : new Date(d));
  return {
    id: r.m_id!,
    channelId: r.channel_id!,
    seq: Number(r.m_seq),
    authorId: r.m_author_id,
    clientId: r.m_client_id,
    body: r.m_body,
    encrypted: typeof r.m_encrypted === 'string' ? JSON.parse(r.m_encrypted) : r.m_encrypted,
    threadRootId: r.m_thread_root_id,
    alsoInChannel: r.m_also_in_channel,
    createdAt: date(r.m_created_at)!,
    editedAt: date(r.m_edited_at),
    deletedAt: date(r.m_deleted_at),
    replyCount: Number(r.m_reply_count),
    lastReplyAt: date(r.m_last_reply_at),
    replyUserIds: r.m_reply_user_ids,
    pinnedAt: date(r.m_pinned_at),
    pinnedBy: r.m_pinned_by,
    system: typeof r.m_system === 'string' ? JSON.parse(r.m_system) : r.m_system,
    via: typeof r.m_via === 'string' ? JSON.parse(r.m_via) : r.m_via,
    previews: typeof r.m_previews === 'string' ? JSON.parse(r.m_previews) : r.m_previews,
  };
}

function toChangeRow(r: Raw): ChangeRow {
  return {
    tx: BigInt(r.tx!),
    id: BigInt(r.id!),
    kind: r.kind!,
    channelId: r.channel_id,
    userId: r.user_id,
    entityId: r.entity_id,
    data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  };
}

export function comparePositions(a: Position, b: Position): number {
  if (a.tx !== b.tx) return a.tx < b.tx ? -1 : 1;
  return a.id === b.id ? 0 : a.id < b.id ? -1 : 1;
}

/** Drops changes older than the retention; returns the newest position dropped, below which cursors expire. */
export async function pruneChanges(db: Db, olderThan: Date): Promise<Position | undefined> {
  const result = (await db.execute(sql`
    with gone as (delete from ${changes} where created_at < ${olderThan.toISOString()}::timestamptz
      returning tx, id)
    select gone.tx::text as tx, gone.id from gone order by gone.tx desc, gone.id desc limit 1`)) as unknown as {
    rows: { tx: string; id: string | number }[];
  };
  const row = result.rows[0];
  return row ? { tx: BigInt(row.tx), id: BigInt(row.id) } : undefined;
}
