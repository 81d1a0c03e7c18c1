import { describe, expect, it } from 'vitest';
import { neighbour, type SidebarEntry } from './use-conversation-keys';

const entries: SidebarEntry[] = [
  { path: '/c/general', unread: false },
  { path: '/c/design', unread: true },
  { path: '/c/ops', unread: false },
  { path: '/dm/bob', unread: false },
  { path: '/dm/bob?e2e=1', unread: true },
];
const at = (pathname: string, search = '') => ({ pathname, search });

describe('neighbour', () => {
  it('steps through the sidebar in order and stops at either end', () => {
    expect(neighbour(entries, at('/c/general'), 1, false)).toBe('/c/design');
    expect(neighbour(entries, at('/c/design'), -1, false)).toBe('/c/general');
    expect(neighbour(entries, at('/c/general'), -1, false)).toBeUndefined();
    expect(neighbour(entries, at('/dm/bob', '?e2e=1'), 1, false)).toBeUndefined();
  });

  it('counts a thread or a message inside a conversation as that conversation', () => {
    expect(neighbour(entries, at('/c/ops/t/m1'), 1, false)).toBe('/dm/bob');
    expect(neighbour(entries, at('/dm/bob/m/m2', '?e2e=1'), -1, false)).toBe('/dm/bob');
  });

  it('tells a plain DM from the encrypted one with the same person', () => {
    expect(neighbour(entries, at('/dm/bob'), 1, false)).toBe('/dm/bob?e2e=1');
    expect(neighbour(entries, at('/dm/bob', '?e2e=1'), -1, false)).toBe('/dm/bob');
  });

  it('with Shift, skips to the next or previous unread one', () => {
    expect(neighbour(entries, at('/c/design'), 1, true)).toBe('/dm/bob?e2e=1');
    expect(neighbour(entries, at('/dm/bob', '?e2e=1'), -1, true)).toBe('/c/design');
    expect(neighbour(entries, at('/c/general'), -1, true)).toBeUndefined();
  });

  it('from a page that is no conversation, starts at the top going down and the bottom going up', () => {
    expect(neighbour(entries, at('/threads'), 1, false)).toBe('/c/general');
    expect(neighbour(entries, at('/threads'), -1, false)).toBe('/dm/bob?e2e=1');
  });
});
