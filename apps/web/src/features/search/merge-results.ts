import type { Message, SearchResult } from '@parley/protocol';
import { holdsWholeWords, type IndexHit } from '../../lib/text-index';

/** One line of the results, from the server (plain channels) or this browser's index (encrypted ones). */
export type ResultRow = {
  message: Pick<Message, 'id' | 'authorId' | 'createdAt' | 'threadRootId' | 'alsoInChannel'>;
  channelId: string;
  channelName: string;
  text: string;
  files: { id: string; name: string }[];
  highlights: string[];
  encrypted: boolean;
  wholeWords: boolean;
};

/** Both lists in the server's order: messages holding every word as a whole word first, then the newest. */
export function mergeResults(server: SearchResult[], local: IndexHit[]): ResultRow[] {
  const rows: ResultRow[] = server.map((r) => ({
    message: r.message,
    channelId: r.channelId,
    channelName: r.channelName,
    text: r.message.body ?? '',
    files: r.message.files,
    highlights: r.highlights,
    encrypted: false,
    wholeWords: holdsWholeWords(r.message.body ?? '', r.highlights),
  }));
  const seen = new Set(rows.map((r) => r.message.id));
  for (const hit of local) {
    if (seen.has(hit.message.id)) continue;
    rows.push({
      message: hit.message,
      channelId: hit.message.channelId,
      channelName: '',
      text: hit.message.text,
      files: [],
      highlights: hit.highlights,
      encrypted: true,
      wholeWords: hit.wholeWords,
    });
  }
  return rows.sort(
    (a, b) =>
      Number(b.wholeWords) - Number(a.wholeWords) ||
      Date.parse(b.message.createdAt) - Date.parse(a.message.createdAt),
  );
}
