import { Fragment, type ReactNode } from 'react';
import { BROADCAST_MENTIONS } from '@parley/protocol/client';
import type { User } from '@parley/protocol';
import type { MentionGroup, MentionLookup } from './mention-context';
import '../message/message.css';

const MENTION = /(^|[^a-z0-9._-])@([a-z0-9._-]{2,32})/gi;
const BROADCASTS = new Set<string>(BROADCAST_MENTIONS);

/** Plain text with its line breaks kept and each `@name` of a known person or a broadcast shown as a chip. */
export function MentionText({ text, lookup }: { text: string; lookup: MentionLookup | undefined }) {
  const lines = text.split('\n');
  return lines.map((line, i) => (
    <Fragment key={i}>
      {i > 0 && <br />}
      {lookup ? withChips(line, lookup) : line}
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

function withChips(line: string, lookup: MentionLookup): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const mention of mentionsIn(line, lookup)) {
    const { at, name, user, group } = mention;
    out.push(line.slice(last, at));
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
    last = mention.end;
  }
  out.push(line.slice(last));
  return out;
}
