import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { LIMITS, VERSION, type LinkPreview } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { messages } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Actor } from '../channels/permissions.js';
import { recordChanges } from '../feed/feed.repo.js';
import { findMessage, withReactions, type MessageRow } from '../messages/messages.repo.js';
import { loadMessage, requireNotSystem } from '../messages/messages.service.js';
import { findLinks } from './find-links.js';
import { LruCache } from './lru-cache.js';
import { decodePage } from './page-charset.js';
import { readPageMeta } from './page-meta.js';
import { imagePath } from './preview-image.js';
import { Background } from '../../jobs/background.js';
import { FetchRefused, safeFetch, type SafeFetchOptions } from '../../http/safe-fetch.js';

const PAGE_BYTES = 512 * 1024;
const FETCH_MS = 5_000;

/** How a preview's page or picture is fetched: the one set of rules for both. */
export const previewFetch = (
  config: AppContext['config'],
  accept: 'html' | 'image',
  maxBytes: number,
): SafeFetchOptions => ({
  allowHosts: new Set(config.linkPreviewPrivateHosts),
  timeoutMs: FETCH_MS,
  maxBytes,
  accept,
  userAgent: `Parley/${VERSION} (link preview)`,
});
// Bounded work: a flood of links waits in a short line, and past it goes without previews.
const CONCURRENCY = 2;
const MAX_WAITING = 200;
const CACHE_SIZE = 500;
const CACHE_MS = 60 * 60 * 1000;

/** Reads the links of each message sent or edited, and adds their previews a moment later. */
export class LinkPreviews {
  private readonly work: Background;
  private readonly queued = new Set<string>();
  private readonly cache = new LruCache<string, LinkPreview | null>({ maxSize: CACHE_SIZE, ttlMs: CACHE_MS });

  constructor(private readonly ctx: AppContext) {
    this.work = new Background(CONCURRENCY, MAX_WAITING, ctx.log, 'link previews');
    if (!ctx.config.linkPreviews) return;
    ctx.events.on('message.created', ({ message }) => this.consider(message));
    ctx.events.on('message.edited', ({ message }) => this.consider(message));
  }

  /** Resolves once nothing is waiting or being fetched (closing, tests). */
  settled(): Promise<void> {
    return this.work.settled();
  }

  private consider(message: { id: string; body: string | null; deletedAt: string | null }): void {
    if (message.body === null || message.deletedAt || !/https?:\/\//i.test(message.body)) return;
    // A message waiting already is read afresh when its turn comes.
    if (this.queued.has(message.id)) return;
    this.queued.add(message.id);
    const forget = () => this.queued.delete(message.id);
    void this.work
      .add(
        async () => {
          forget();
          await this.preview(message.id);
        },
        { messageId: message.id },
      )
      .finally(forget);
  }

  private async preview(messageId: string): Promise<void> {
    const row = await findMessage(this.ctx.db, messageId);
    if (!row || row.deletedAt || row.body === null || removed(row)) return;
    const links = findLinks(row.body, LIMITS.previewsPerMessage);
    const current = (row.previews as LinkPreview[] | null) ?? [];
    if (
      same(
        current.map((p) => p.url),
        links,
      )
    )
      return;
    const found = await Promise.all(links.map((link) => this.look(link)));
    const next = found.filter((p): p is LinkPreview => p !== null);
    if (JSON.stringify(next) === JSON.stringify(current)) return;
    await store(this.ctx, row, next.length ? next : null);
  }

  private async look(link: string): Promise<LinkPreview | null> {
    const hit = this.cache.get(link);
    if (hit !== undefined) return hit;
    const preview = await this.fetchPreview(link);
    this.cache.set(link, preview);
    return preview;
  }

  private async fetchPreview(link: string): Promise<LinkPreview | null> {
    try {
      const page = await safeFetch(link, previewFetch(this.ctx.config, 'html', PAGE_BYTES));
      const meta = readPageMeta(decodePage(page.body, page.charset), page.url);
      if (!meta) return null;
      return {
        url: link,
        title: meta.title,
        description: meta.description,
        siteName: meta.siteName ?? new URL(page.url).hostname,
        imageUrl: meta.imageUrl ? imagePath(this.ctx.secret, meta.imageUrl) : null,
        ...(meta.iconUrl && { iconUrl: imagePath(this.ctx.secret, meta.iconUrl) }),
      };
    } catch (err) {
      if (err instanceof FetchRefused) return null;
      throw err;
    }
  }
}

const removed = (row: MessageRow) => Array.isArray(row.previews) && row.previews.length === 0;
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Writes the previews unless the message changed meanwhile (an edit, or the author removing them
 * while they were fetched), and tells every member's tab. The author's removal always applies.
 */
async function store(ctx: AppContext, row: MessageRow, previews: LinkPreview[] | [] | null): Promise<void> {
  const removal = previews !== null && previews.length === 0;
  const unchanged = and(
    row.editedAt ? eq(messages.editedAt, row.editedAt) : isNull(messages.editedAt),
    or(isNull(messages.previews), sql`jsonb_array_length(${messages.previews}) > 0`),
  );
  const updated = await ctx.db.transaction(async (tx) => {
    const [next] = await tx
      .update(messages)
      .set({ previews: previews === null ? null : sql`${JSON.stringify(previews)}::jsonb` })
      .where(and(eq(messages.id, row.id), isNull(messages.deletedAt), removal ? undefined : unchanged))
      .returning();
    if (next)
      await recordChanges(tx, [{ kind: 'message:updated', channelId: row.channelId, entityId: row.id }]);
    return next;
  });
  if (!updated) return;
  const [message] = await withReactions(ctx.db, [updated]);
  ctx.events.publish('message.previewed', { message: message! });
}

/** As Slack's "Remove preview": the author's choice, kept through later edits. */
export async function removePreviews(ctx: AppContext, actor: Actor, messageId: string): Promise<void> {
  const { row } = await loadMessage(ctx, actor, messageId);
  requireNotSystem(row);
  if (row.deletedAt) throw new AppError('message_not_found');
  if (row.authorId !== actor.id)
    throw new AppError('forbidden', 'Only the author can remove the previews of a message.');
  if (removed(row)) return;
  await store(ctx, row, []);
}
