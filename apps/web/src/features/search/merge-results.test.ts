import { describe, expect, it } from 'vitest';
import type { SearchResult } from '@parley/protocol';
import type { IndexHit, IndexedMessage } from '../../lib/text-index';
import { message } from '../../lib/test-fixtures';
import { mergeResults } from './merge-results';

const server = (seq: number, body: string, createdAt: string): SearchResult => ({
  message: message(seq, { id: `s${seq}`, body, createdAt, system: null }),
  channelId: 'c1',
  channelName: 'general',
  highlights: ['deploy'],
});
const local = (id: string, text: string, createdAt: string, wholeWords: boolean): IndexHit => ({
  message: { id, channelId: 'legal', seq: 1, authorId: 'u1', text, createdAt } as IndexedMessage,
  wholeWords,
  highlights: ['deploy'],
});

describe('mergeResults', () => {
  it('orders plain and encrypted results together: whole words first, then the newest', () => {
    const rows = mergeResults(
      [server(1, 'deploy now', '2026-11-01T00:00:00Z'), server(2, 'deployment', '2026-11-05T00:00:00Z')],
      [
        local('e1', 'we deploy', '2026-11-03T00:00:00Z', true),
        local('e2', 'redeploying', '2026-11-04T00:00:00Z', false),
      ],
    );
    expect(rows.map((r) => r.message.id)).toEqual(['e1', 's1', 's2', 'e2']);
    expect(rows.map((r) => r.encrypted)).toEqual([true, false, false, true]);
    expect(rows[0]!.text).toBe('we deploy');
  });
});
