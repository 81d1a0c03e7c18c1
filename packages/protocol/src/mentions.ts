// What counts as a mention, the same rule on the server (as a PostgreSQL regex) and in the browser.

/** Mentions everyone in the channel, as in Slack: `@here` the people online, the others all members. */
export const BROADCAST_MENTIONS = ['channel', 'here', 'everyone'] as const;
export type BroadcastMention = (typeof BROADCAST_MENTIONS)[number];

/** A mention starts after anything that cannot be part of a username (so `bob@example.com` is none), and may end a sentence. */
const BEFORE = '(^|[^a-z0-9._-])@(';
const AFTER = ')[._-]*($|[^a-z0-9._-])';

/**
 * A regex source matching `@username`, the handle of a user group they are in, or a broadcast;
 * usernames and handles are a-z 0-9 . _ -, so only `.` needs escaping.
 */
export const mentionPattern = (username: string, groupHandles: readonly string[] = []): string =>
  `${BEFORE}${[username, ...groupHandles]
    .map((n) => n.replaceAll('.', '[.]'))
    .concat(BROADCAST_MENTIONS)
    .join('|')}${AFTER}`;

/** Whether a message body mentions the user (directly, through one of their groups or by a broadcast); case does not matter. */
export function mentionsUser(
  body: string | null,
  username: string,
  groupHandles: readonly string[] = [],
): boolean {
  return !!body && new RegExp(mentionPattern(username, groupHandles), 'i').test(body);
}

/** The usernames and broadcasts a body mentions, lower-cased, each once, in order. */
export function mentionedNames(body: string): string[] {
  const found = new Set<string>();
  for (const m of body.matchAll(/(^|[^a-z0-9._-])@([a-z0-9._-]{2,32})(?=$|[^a-z0-9._-])/gi))
    found.add(m[2]!.toLowerCase().replace(/[._-]+$/, ''));
  return [...found];
}
