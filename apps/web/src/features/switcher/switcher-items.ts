import type { Channel, User } from '@parley/protocol';
import { conversationPath, dmName } from '../../lib/names';

export type SwitcherItem = {
  key: string;
  kind: 'channel' | 'dm' | 'person';
  label: string;
  /** Also matched: a person's username. */
  alias?: string;
  to: string;
  unread: number;
  encrypted: boolean;
  locked: boolean;
  archived: boolean;
  user?: User;
};

/** Joined channels, then DMs, then people without a plain DM yet. */
export function switcherItems(channels: Channel[], users: User[], me: User): SwitcherItem[] {
  const items: SwitcherItem[] = [];
  const withDm = new Set<string>();
  for (const c of channels) {
    const base = {
      key: c.id,
      unread: c.membership?.unread ?? 0,
      encrypted: c.encrypted,
      archived: !!c.archivedAt,
    };
    if (c.kind === 'public' || c.kind === 'private') {
      items.push({
        ...base,
        kind: 'channel',
        label: c.name,
        to: `/c/${c.name}`,
        locked: c.kind === 'private',
      });
      continue;
    }
    const other = c.dmUsers?.[0] ?? me;
    if (!c.encrypted && (c.dmUsers?.length ?? 0) <= 1) withDm.add(other.id);
    items.push({
      ...base,
      kind: 'dm',
      label: dmName(c, me),
      alias: other.username,
      to: conversationPath(c, me),
      locked: false,
      user: other,
    });
  }
  for (const u of users) {
    if (withDm.has(u.id) || u.status !== 'active') continue;
    items.push({
      key: `user:${u.id}`,
      kind: 'person',
      label: u.id === me.id ? `${u.displayName} (you)` : u.displayName,
      alias: u.username,
      to: `/dm/${u.username}`,
      unread: 0,
      encrypted: false,
      locked: false,
      archived: false,
      user: u,
    });
  }
  return items;
}

const KIND_ORDER = { channel: 0, dm: 1, person: 2 } as const;

/**
 * The best matches first. With no query: what has unread messages, then the conversations opened most
 * recently (`recent`, ids, the latest first), then channels and DMs.
 */
export function rankItems(
  items: SwitcherItem[],
  query: string,
  score: (q: string, text: string) => number | undefined,
  recent: string[] = [],
  limit = 12,
): SwitcherItem[] {
  const q = query.trim().replace(/^[#@]/, '');
  const lastOpened = new Map(recent.map((id, i) => [id, i]));
  const recency = (item: SwitcherItem) => lastOpened.get(item.key) ?? recent.length;
  const scored: { item: SwitcherItem; score: number }[] = [];
  for (const item of items) {
    if (!q && item.kind === 'person') continue;
    const best = Math.max(
      score(q, item.label) ?? -Infinity,
      item.alias ? (score(q, item.alias) ?? -Infinity) : -Infinity,
    );
    if (best === -Infinity) continue;
    // Archived channels sink below live ones that match as well.
    scored.push({ item, score: best - (item.archived ? 5 : 0) });
  }
  return scored
    .sort(
      (a, b) =>
        (q ? b.score - a.score : 0) ||
        Number(b.item.unread > 0) - Number(a.item.unread > 0) ||
        (q ? 0 : recency(a.item) - recency(b.item)) ||
        KIND_ORDER[a.item.kind] - KIND_ORDER[b.item.kind],
    )
    .slice(0, limit)
    .map((s) => s.item);
}
