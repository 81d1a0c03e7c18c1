import { describe, expect, it } from 'vitest';
import { channel } from '../lib/test-fixtures';
import { sidebarSections } from './sidebar-sections';

const member = (starred: boolean) => ({
  role: 'member' as const,
  lastReadSeq: 0,
  notify: 'all' as const,
  muted: false,
  starred,
  unread: 0,
  mentions: 0,
});

describe('sidebarSections', () => {
  const list = [
    channel({ id: 'dm-star', kind: 'dm', membership: member(true) }),
    channel({ id: 'general', membership: member(false) }),
    channel({ id: 'design', kind: 'private', membership: member(true) }),
    channel({ id: 'group', kind: 'group', membership: member(false) }),
    channel({ id: 'random', membership: member(true) }),
  ];
  const ids = (cs: { id: string }[]) => cs.map((c) => c.id);

  it('lifts starred conversations into their own section, channels before DMs, in the list order', () => {
    const { starred, rooms, dms } = sidebarSections(list);
    expect(ids(starred)).toEqual(['design', 'random', 'dm-star']);
    expect(ids(rooms)).toEqual(['general']);
    expect(ids(dms)).toEqual(['group']);
  });

  it('leaves every conversation in its own section when nothing is starred', () => {
    const { starred, rooms, dms } = sidebarSections(list.map((c) => ({ ...c, membership: member(false) })));
    expect(starred).toEqual([]);
    expect(ids(rooms)).toEqual(['general', 'design', 'random']);
    expect(ids(dms)).toEqual(['dm-star', 'group']);
  });
});
