export const keys = {
  session: ['session'] as const,
  channels: ['channels'] as const,
  messages: (channelId: string) => ['messages', channelId] as const,
  members: (channelId: string) => ['members', channelId] as const,
  thread: (rootId: string) => ['thread', rootId] as const,
  threads: ['threads'] as const,
  users: ['users'] as const,
  presence: ['presence'] as const,
  drafts: ['drafts'] as const,
  saved: ['saved'] as const,
  emoji: ['emoji'] as const,
  pins: (channelId: string) => ['pins', channelId] as const,
};
