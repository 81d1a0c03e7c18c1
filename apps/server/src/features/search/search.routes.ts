import type { FastifyInstance } from 'fastify';
import { parseSearch, SearchQuery, type SearchResponse } from '@parley/protocol';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import { withReactions } from '../messages/messages.repo.js';
import { CANDIDATES, searchMessages } from './search.repo.js';

/** Past this many results a search asks for more words rather than more pages. */
const OFFSET_MAX = CANDIDATES;
// A search that cannot answer in this time is refused rather than left to load the database.
const STATEMENT_TIMEOUT = '5s';

export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/search', async (req): Promise<SearchResponse> => {
    const actor = await requireUser(ctx, req);
    const { q, limit, cursor } = parse(SearchQuery, req.query);
    const parsed = parseSearch(q);
    if (!parsed.ok) throw new AppError('validation_failed', parsed.error);
    const offset = Number(cursor ?? 0);
    if (offset > OFFSET_MAX) throw new AppError('validation_failed', 'Narrow the search to see more.');
    const rows = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = '${STATEMENT_TIMEOUT}'`));
      return searchMessages(tx, { id: actor.id, guest: actor.role === 'guest' }, parsed.query, {
        offset,
        limit: limit + 1,
      });
    });
    const shown = rows.slice(0, limit);
    const highlights = [...parsed.query.terms, ...parsed.query.phrases];
    const messages = await withReactions(
      ctx.db,
      shown.map((r) => r.message),
    );
    return {
      results: messages.map((message, i) => ({
        message,
        channelId: message.channelId,
        channelName: shown[i]!.channelName,
        highlights,
      })),
      cursor: rows.length > limit ? String(offset + limit) : null,
    };
  });
}
