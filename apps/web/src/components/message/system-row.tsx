import { memo, type ReactNode } from 'react';
import type { Message, SystemEvent, User } from '@parley/protocol';
import { ProfileTrigger } from '../profile/profile-trigger';
import { DaySeparator } from './message-row';
import type { Row } from './group-messages';
import { clockTime, titleWithFullDate } from '../../lib/date-format';
import './system-row.css';

/** Names shown in a collapsed row before "and N others". */
const NAMED = 2;

// Small line icons of their own, drawn like the Icon set (24-unit box, round 2px strokes).
const ICONS: Record<SystemEvent['type'], string> = {
  joined: 'M10 17l5-5-5-5M15 12H3M14 4h6v16h-6',
  added: 'M15 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M19 8v6M16 11h6',
  left: 'M15 12H4M8 8l-4 4 4 4M12 4h7v16h-7',
  removed: 'M15 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M16 11h6',
  topic: 'M4 20h4L19 9l-4-4L4 16zM14 6l4 4',
  renamed: 'M5 9h14M4 15h14M10 3L8 21M16 3l-2 18',
  archived: 'M3 5h18v4H3zM5 9v10h14V9M10 13h4',
  unarchived: 'M3 5h18v4H3zM5 9v10h14V9M10 13h4',
};

type Who = { name: string; user: User | undefined };

/** What a line says after its actor (or actors, when several joined or left in a row). */
export function systemPhrase(system: SystemEvent, channelName: string, other?: string): string {
  switch (system.type) {
    case 'joined':
      return `joined #${channelName}`;
    case 'left':
      return `left #${channelName}`;
    case 'added':
      return `added ${other ?? 'someone'}`;
    case 'removed':
      return `removed ${other ?? 'someone'}`;
    case 'topic':
      return system.topic ? `set the topic: ${system.topic}` : 'cleared the topic';
    case 'renamed':
      return `renamed the channel from #${system.from} to #${system.to}`;
    case 'archived':
      return 'archived the channel';
    case 'unarchived':
      return 'unarchived the channel';
  }
}

/** The distinct actors of a row, in the order they first acted. */
function actorsOf(lines: Message[], lookup: (id: string) => Who): Who[] {
  return [...new Set(lines.map((m) => m.authorId))].map(lookup);
}

type Props = {
  row: Row;
  channelName: string;
  lookup: (id: string) => Who;
  intro?: ReactNode;
  preview?: boolean;
};

/** A system line: a compact, muted row with an icon, who did it (their card a click away) and what. */
export const SystemRow = memo(function SystemRow({ row, channelName, lookup, intro, preview }: Props) {
  const lines = row.lines ?? [row.message];
  const first = lines[0]!;
  const system = first.system!;
  const actors = actorsOf(lines, lookup);
  const other = system.type === 'added' || system.type === 'removed' ? lookup(system.userId) : undefined;
  const phrase = systemPhrase(system, channelName, other?.name);
  const at = row.message.createdAt;
  const shown = actors.length > NAMED + 1 ? actors.slice(0, NAMED) : actors;
  const hidden = actors.slice(shown.length);
  return (
    <>
      {intro}
      {row.day && <DaySeparator label={row.day} />}
      <div
        className="system-line"
        data-testid={preview ? 'system-line-preview' : 'system-line'}
        data-seq={row.message.seq}
        data-type={system.type}
      >
        <span className="system-line-icon" aria-hidden="true">
          <svg
            width={16}
            height={16}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d={ICONS[system.type]} />
          </svg>
        </span>
        <p className="system-line-text">
          {shown.map((who, i) => (
            <span key={i}>
              {i > 0 && (i === shown.length - 1 && hidden.length === 0 ? ' and ' : ', ')}
              <Name who={who} preview={preview} />
            </span>
          ))}
          {hidden.length > 0 && (
            <>
              {' and '}
              <span className="system-line-others" title={hidden.map((w) => w.name).join(', ')}>
                {hidden.length === 1 ? hidden[0]!.name : `${hidden.length} others`}
              </span>
            </>
          )}{' '}
          {other ? (
            <>
              {phrase.slice(0, phrase.length - other.name.length)}
              <Name who={other} preview={preview} />
            </>
          ) : (
            phrase
          )}
          <time className="system-line-time" dateTime={at} onMouseEnter={titleWithFullDate}>
            {clockTime.format(new Date(at))}
          </time>
        </p>
      </div>
    </>
  );
});

function Name({ who, preview }: { who: Who; preview?: boolean }) {
  const name = <strong className="message-author">{who.name}</strong>;
  return preview ? name : <ProfileTrigger user={who.user}>{name}</ProfileTrigger>;
}
