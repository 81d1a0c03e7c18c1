import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keys } from './keys';
import { notePruned } from './pruned-history';
import { channel, message } from '../lib/test-fixtures';

const OLD = '2026-01-01T00:00:00.000Z';
const BEFORE = '2026-02-01T00:00:00.000Z';

function cache(unread: number, messages = [message(1, { createdAt: OLD })]) {
  const qc = new QueryClient();
  const base = channel();
  qc.setQueryData(keys.channels, [{ ...base, membership: { ...base.membership!, unread } }]);
  qc.setQueryData(keys.messages(base.id), { messages, hasMoreBefore: true });
  qc.setQueryData(keys.pins(base.id), { messages: [] });
  return { qc, channelId: base.id };
}
const invalidated = (qc: QueryClient, key: readonly unknown[]) => !!qc.getQueryState(key)?.isInvalidated;

describe('notePruned', () => {
  it('reloads pins, and unread counts only where something was unread', () => {
    const read = cache(0);
    notePruned(read.qc, { channelId: read.channelId, before: BEFORE, cursor: '1.1' });
    expect(invalidated(read.qc, keys.pins(read.channelId))).toBe(true);
    expect(invalidated(read.qc, keys.channels)).toBe(false);
    expect(invalidated(read.qc, keys.messages(read.channelId))).toBe(false);
    const unread = cache(3);
    notePruned(unread.qc, { channelId: unread.channelId, before: BEFORE, cursor: '1.1' });
    expect(invalidated(unread.qc, keys.channels)).toBe(true);
  });

  it('reloads a page showing an old reply whose thread it cannot see', () => {
    const reply = message(9, { createdAt: OLD, threadRootId: 'elsewhere', alsoInChannel: true });
    const { qc, channelId } = cache(0, [reply]);
    notePruned(qc, { channelId, before: BEFORE, cursor: '1.1' });
    expect(invalidated(qc, keys.messages(channelId))).toBe(true);
  });
});
