import type { Channel, User } from '@parley/protocol';
import { LIMITS } from '@parley/protocol/client';
import { placeName } from '../../lib/names';

const SHOWN = 50;

/** What a forwarded message says it came from. */
export type ForwardSource = {
  text: string;
  author: string;
  /** "#general", or the names of a direct message. */
  place: string;
  link: string;
  files: number;
};

// A word joiner after each @ keeps a quoted mention from notifying anyone again (as Slack's shares do not).
const quiet = (text: string) => text.replace(/@(?=[a-z0-9._-])/gi, '@\u2060');

/**
 * The note, then the original quoted under who wrote it and where, with a link back to it; the quote is
 * cut to fit the message limit.
 */
export function forwardedBody(note: string, source: ForwardSource): string {
  const files = source.files ? ` · ${source.files === 1 ? '1 file' : `${source.files} files`}` : '';
  const head = `> **${quiet(source.author)}** in ${source.place}${files} · [View message](${source.link})`;
  const lead = note.trim() ? `${note.trim()}\n\n` : '';
  const room = LIMITS.bodyMax - lead.length - head.length - 4;
  let text = quiet(source.text.trim());
  if (text.length > room) text = `${text.slice(0, Math.max(0, room - 1)).trimEnd()}…`;
  const quote = text
    ? `\n${text
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n')}`
    : '';
  return `${lead}${head}${quote}`;
}

/** Where a message can be forwarded: a conversation one is in, or a person to start a DM with. */
export type ForwardTarget = {
  key: string;
  label: string;
  encrypted: boolean;
  channel?: Channel;
  user?: User;
};

/**
 * The conversations one is in and can write to, then people with no DM yet (as Slack offers them),
 * matching the words typed; sealed text goes only to encrypted conversations.
 */
export function forwardTargets(
  channels: Channel[],
  users: User[],
  me: User,
  q: string,
  sealedOnly = false,
): ForwardTarget[] {
  const words = q.trim().toLowerCase();
  const matches = (...names: string[]) => !words || names.some((n) => n.toLowerCase().includes(words));
  const open = channels.filter((c) => c.membership && !c.archivedAt && (!sealedOnly || c.encrypted));
  const inConversations = open
    .filter((c) => matches(placeName(c, me)))
    .sort((a, b) => rank(a) - rank(b) || placeName(a, me).localeCompare(placeName(b, me)))
    .map((c) => ({ key: c.id, label: placeName(c, me), encrypted: c.encrypted, channel: c }));
  const withDm = new Set(
    channels.filter((c) => c.kind === 'dm' && !c.encrypted).map((c) => c.dmUsers?.[0]?.id ?? me.id),
  );
  const people = sealedOnly
    ? []
    : users
        .filter((u) => u.status === 'active' && !withDm.has(u.id) && matches(u.displayName, u.username))
        .sort((a, b) => a.displayName.localeCompare(b.displayName))
        .map((u) => ({
          key: `user:${u.id}`,
          label: u.id === me.id ? `${u.displayName} (you)` : u.displayName,
          encrypted: false,
          user: u,
        }));
  return [...inConversations, ...people].slice(0, SHOWN);
}

const rank = (c: Channel) => (c.kind === 'public' || c.kind === 'private' ? 0 : 1);
