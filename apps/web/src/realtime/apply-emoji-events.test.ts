import { describe, expect, it } from 'vitest';
import type { CustomEmoji } from '@parley/protocol';
import { applyEmojiChanged } from './apply-emoji-events';

const emoji = (name: string, id = `00000000-0000-4000-8000-00000000000${name.length}`): CustomEmoji => ({
  id,
  name,
  type: 'image/png',
  addedBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('applyEmojiChanged', () => {
  it('adds in name order, replaces a name added again, and drops a removed one', () => {
    const list = [emoji('b'), emoji('d')];
    const added = applyEmojiChanged(list, { name: 'c', emoji: emoji('c') });
    expect(added?.map((e) => e.name)).toEqual(['b', 'c', 'd']);
    const again = applyEmojiChanged(added, {
      name: 'c',
      emoji: emoji('c', '00000000-0000-4000-8000-000000000099'),
    });
    expect(again?.find((e) => e.name === 'c')?.id).toBe('00000000-0000-4000-8000-000000000099');
    expect(applyEmojiChanged(again, { name: 'b', emoji: null })?.map((e) => e.name)).toEqual(['c', 'd']);
  });

  it('changes nothing when replayed, or when the list is not loaded', () => {
    const list = [emoji('b')];
    expect(applyEmojiChanged(list, { name: 'x', emoji: null })).toBe(list);
    expect(applyEmojiChanged(undefined, { name: 'b', emoji: emoji('b') })).toBeUndefined();
    const once = applyEmojiChanged(list, { name: 'c', emoji: emoji('c') });
    expect(applyEmojiChanged(once, { name: 'c', emoji: emoji('c') })).toEqual(once);
  });
});
