import type { Message } from '@parley/protocol';
import { VERSION } from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { loadVisible } from '../channels/channels.service.js';
import type { Actor } from '../channels/permissions.js';
import { withReactions } from '../messages/messages.repo.js';
import { findUsersByIds } from '../users/users.repo.js';
import { listForExport } from './export.repo.js';

// Pages of this size keep one export's memory flat however long the channel's history.
const PAGE = 500;

/**
 * A channel's whole history as one JSON document, written page by page: the channel, its messages as
 * the API gives them (an encrypted channel's still sealed), and the people who wrote them.
 */
export async function exportChannel(ctx: AppContext, actor: Actor, channelId: string) {
  const { channel } = await loadVisible(ctx.db, actor, channelId);
  const about = {
    parley: VERSION,
    exportedAt: new Date().toISOString(),
    channel: {
      id: channel.id,
      name: channel.name,
      topic: channel.topic,
      kind: channel.kind,
      encrypted: channel.encrypted,
    },
  };
  async function* document(): AsyncGenerator<string> {
    yield `${JSON.stringify(about).slice(0, -1)},"messages":[`;
    const authors = new Set<string>();
    let after = 0;
    let first = true;
    for (;;) {
      const rows = await listForExport(ctx.db, channelId, after, PAGE);
      if (rows.length === 0) break;
      const page: Message[] = await withReactions(ctx.db, rows);
      for (const m of page) authors.add(m.authorId);
      yield (first ? '' : ',') + page.map((m) => JSON.stringify(m)).join(',');
      first = false;
      after = rows.at(-1)!.seq;
      if (rows.length < PAGE) break;
    }
    const people = (authors.size ? await findUsersByIds(ctx.db, [...authors]) : []).map((u) => ({
      id: u.id,
      username: u.username,
      displayName: u.displayName,
    }));
    yield `],"people":${JSON.stringify(people)}}`;
  }
  return { channel, document: document() };
}
