import { Fragment, type ReactNode } from 'react';
import { BROADCAST_MENTIONS } from '@parley/protocol/client';
import type { MentionLookup } from './mention-context';
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

function withChips(line: string, lookup: MentionLookup): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of line.matchAll(MENTION)) {
    const name = m[2]!.replace(/[._-]+$/, '').toLowerCase();
    const user = BROADCASTS.has(name) ? undefined : lookup.byUsername(name);
    const group = user || BROADCASTS.has(name) ? undefined : lookup.byGroupHandle?.(name);
    if (!user && !group && !BROADCASTS.has(name)) continue;
    const at = m.index + m[1]!.length;
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
        @{user ? user.displayName : group ? group.name : name}
      </span>,
    );
    last = at + 1 + name.length;
  }
  out.push(line.slice(last));
  return out;
}
