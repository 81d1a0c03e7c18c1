import type { Channel, Member, Message, User } from '@parley/protocol';

export const message = (seq: number, extra: Partial<Message> = {}): Message => ({
  id: `m${seq}`,
  channelId: 'c1',
  seq,
  authorId: 'u2',
  clientId: `client-${seq}`,
  body: `body ${seq}`,
  encrypted: null,
  threadRootId: null,
  alsoInChannel: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  deletedAt: null,
  replyCount: 0,
  lastReplyAt: null,
  replyUserIds: [],
  reactions: [],
  files: [],
  pinnedAt: null,
  pinnedBy: null,
  system: null,
  ...extra,
});

export const channel = (extra: Partial<Channel> = {}): Channel => ({
  id: 'c1',
  name: 'general',
  topic: '',
  kind: 'public',
  encrypted: false,
  archivedAt: null,
  createdBy: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  isDefault: false,
  lastSeq: 3,
  keyVersion: 0,
  keyRotationNeeded: false,
  memberCount: 2,
  retention: null,
  membership: {
    role: 'member',
    lastReadSeq: 3,
    notify: 'all',
    muted: false,
    starred: false,
    unread: 0,
    mentions: 0,
  },
  ...extra,
});

export const user = (id: string, extra: Partial<User> = {}): User => ({
  id,
  username: id,
  displayName: id.toUpperCase(),
  role: 'member',
  status: 'active',
  dndUntil: null,
  customStatus: null,
  timeZone: null,
  avatarId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

export const member = (id: string): Member => ({ user: user(id), role: 'member' });
