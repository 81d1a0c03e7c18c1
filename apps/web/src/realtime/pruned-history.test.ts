import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keys } from './keys';
import { notePruned } from './pruned-history';
import { channel, message } from '../lib/test-fixtures';

function cache(unread: number, messages = [message(1)]) {
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
    notePruned(read.qc, { channelId: read.channelId, rootIds: ['m1'], cursor: '1.1' });
    expect(invalidated(read.qc, keys.pins(read.channelId))).toBe(true);
    expect(invalidated(read.qc, keys.channels)).toBe(false);
    const unread = cache(3);
    notePruned(unread.qc, { channelId: unread.channelId, rootIds: ['m1'], cursor: '1.1' });
    expect(invalidated(unread.qc, keys.channels)).toBe(true);
  });
});
