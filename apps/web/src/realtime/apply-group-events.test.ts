import { describe, expect, it } from 'vitest';
import type { UserGroup } from '@parley/protocol';
import { applyGroupEvent, ownGroupHandles } from './apply-group-events';

const group = (id: string, handle: string, memberIds: string[] = []): UserGroup => ({
  id,
  handle,
  name: handle,
  description: '',
  memberIds,
  memberCount: memberIds.length,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('applyGroupEvent', () => {
  it('adds, replaces and removes groups in handle order, and a replay changes nothing', () => {
    const design = group('a', 'design', ['me']);
    let list = applyGroupEvent([group('b', 'ops')], {
      type: 'group:updated',
      payload: { group: design, cursor: '1.1' },
    });
    expect(list?.map((g) => g.handle)).toEqual(['design', 'ops']);
    const renamed = { ...design, handle: 'zdesign', memberIds: [] };
    list = applyGroupEvent(list, { type: 'group:updated', payload: { group: renamed, cursor: '1.2' } });
    expect(list?.map((g) => g.handle)).toEqual(['ops', 'zdesign']);
    expect(
      applyGroupEvent(list, { type: 'group:updated', payload: { group: renamed, cursor: '1.2' } }),
    ).toEqual(list);
    list = applyGroupEvent(list, { type: 'group:deleted', payload: { groupId: 'b', cursor: '1.3' } });
    expect(list?.map((g) => g.id)).toEqual(['a']);
    expect(
      applyGroupEvent(undefined, { type: 'group:deleted', payload: { groupId: 'b', cursor: '1.3' } }),
    ).toBe(undefined);
  });

  it('knows the handles of the groups one is in', () => {
    expect(ownGroupHandles([group('a', 'design', ['me']), group('b', 'ops', ['you'])], 'me')).toEqual([
      'design',
    ]);
  });
});
