import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BROADCAST_MENTIONS } from '@parley/protocol/client';
import type { User } from '@parley/protocol';
import type { MentionGroup, MentionLookup } from './mention-context';
import { CHANNEL_AT } from './mention-typing';
import '../message/message.css';

const MENTION = /(^|[^a-z0-9._-])@([a-z0-9._-]{2,32})/gi;
const CHANNEL = new RegExp(`${CHANNEL_AT}([a-z0-9_-]{1,64})`, 'gi');
const BROADCASTS = new Set<string>(BROADCAST_MENTIONS);

/**
 * Plain text with its line breaks kept, each `@name` of a known person or a broadcast shown as a chip,
 * and each `#name` of a channel the reader is in as a link to it (as text inside a link: `inLink`).
 */
export function MentionText({
  text,
  lookup,
  inLink,
}: {
  text: string;
  lookup: MentionLookup | undefined;
  inLink?: boolean;
}) {
  const lines = text.split('\n');
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {lookup ? withChips(line, lookup, inLink) : line}
    </Fragment>
  ));
}

type Mention = {
  at: number;
  end: number;
  name: string;
  user?: User;
  group?: MentionGroup & { own: boolean };
};

/** The `@name`s of a line that name a known person, a user group or a broadcast, in order. */
function mentionsIn(line: string, lookup: MentionLookup): Mention[] {
  const found: Mention[] = [];
  for (const m of line.matchAll(MENTION)) {
    const name = m[2]!.replace(/[._-]+$/, '').toLowerCase();
    const user = BROADCASTS.has(name) ? undefined : lookup.byUsername(name);
    const group = user || BROADCASTS.has(name) ? undefined : lookup.byGroupHandle?.(name);
    if (!user && !group && !BROADCASTS.has(name)) continue;
    const at = m.index + m[1]!.length;
    found.push({ at, end: at + 1 + name.length, name, user, group });
  }
  return found;
}

const shownName = ({ user, group, name }: Mention) =>
  `@${user ? user.displayName : group ? group.name : name}`;

/** Text with each known `@username` written as the name people see, for plain-text places such as a notification. */
export function namedMentions(text: string, lookup: MentionLookup): string {
  let out = '';
  let last = 0;
  for (const mention of mentionsIn(text, lookup)) {
    out += text.slice(last, mention.at) + shownName(mention);
    last = mention.end;
  }
  return out + text.slice(last);
}

/** The `#name`s of a line that name a channel the reader is in, in order. */
function channelsIn(
  line: string,
  lookup: MentionLookup,
): { at: number; end: number; name: string; channel: true }[] {
  if (!lookup.hasChannel || !line.includes('#')) return [];
  const found = [];
  for (const m of line.matchAll(CHANNEL)) {
    const name = m[2]!.replace(/[_-]+$/, '').toLowerCase();
    const at = m.index + m[1]!.length;
    if (lookup.hasChannel(name)) found.push({ at, end: at + 1 + name.length, name, channel: true as const });
  }
  return found;
}

function withChips(line: string, lookup: MentionLookup, inLink?: boolean): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  const pieces = [...mentionsIn(line, lookup), ...channelsIn(line, lookup)].sort((a, b) => a.at - b.at);
  for (const piece of pieces) {
    if (piece.at < last) continue;
    out.push(line.slice(last, piece.at));
    last = piece.end;
    if ('channel' in piece) {
      const label = `#${piece.name}`;
      out.push(
        inLink ? (
          <span key={piece.at} className="channel-ref">
            {label}
          </span>
        ) : (
          <Link key={piece.at} className="channel-ref" to={`/c/${piece.name}`}>
            {label}
          </Link>
        ),
      );
      continue;
    }
    const mention = piece;
    const { at, name, user, group } = mention;
    const self = BROADCASTS.has(name) || name === lookup.selfName || !!group?.own;
    out.push(
      <span
        key={at}
        className={`mention${self ? ' mention-self' : ''}${group ? ' mention-group' : ''}`}
        title={
          user ? `@${user.username}` : group ? `@${group.handle}: ${group.memberCount} people` : undefined
        }
      >
        {shownName(mention)}
      </span>,
    );
  }
  out.push(line.slice(last));
  return out;
}
