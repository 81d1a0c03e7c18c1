import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { User } from '@parley/protocol';
import { BROADCAST_MENTIONS } from '@parley/protocol/client';
import { Avatar } from '../avatar';
import { spliceAt } from '../emoji/shortcode-typing';
import type { MentionGroup } from './mention-context';
import { openMentionAt, wordStartMatch, type Typed } from './mention-typing';
import '../emoji/emoji-typing.css';

type Box = HTMLTextAreaElement;
/** People for what follows `@` (the channel's members first, then `notInChannel`), and the user groups that match. */
export type MentionSource = (
  query: string,
) => Promise<{ users: User[]; notInChannel?: string[]; groups: MentionGroup[] }>;
/** Channels to link for what follows `#`, best first. */
export type ChannelSource = (query: string) => string[];
type Option = {
  key: string;
  insert: string;
  user?: User;
  group?: MentionGroup;
  channel?: boolean;
  note?: string;
};

const BROADCAST_NOTES: Record<string, string> = {
  channel: 'Notify everyone in this channel',
  here: 'Notify everyone online in this channel',
  everyone: 'Notify everyone in this channel',
};

/**
 * After `@`, a list of people (the channel's members first), user groups and the broadcasts; after `#`,
 * the reader's channels; arrows, Enter or Tab, Escape.
 */
export function useMentionTyping(
  ref: React.RefObject<Box | null>,
  setText: (text: string) => void,
  source: MentionSource | undefined,
  broadcasts: boolean,
  channels?: ChannelSource,
) {
  const [at, setAt] = useState<Typed>();
  const [people, setPeople] = useState<{
    query: string;
    users: User[];
    notInChannel?: string[];
    groups: MentionGroup[];
  }>();
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number>();
  const caretAfter = useRef<number>(undefined);
  const tracked = useRef<Typed>(undefined);
  const listId = useId();

  useEffect(() => {
    if (at?.trigger !== '@' || !source) return;
    let live = true;
    void source(at.query).then(
      (found) => live && setPeople({ query: at.query, ...found }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [at, source]);

  useLayoutEffect(() => {
    if (caretAfter.current === undefined || !ref.current) return;
    ref.current.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = undefined;
  });

  const options: Option[] =
    at?.trigger === '#'
      ? at.start !== dismissedAt && channels
        ? channels(at.query).map((name) => ({ key: `channel:${name}`, insert: name, channel: true }))
        : []
      : at && at.start !== dismissedAt && source
        ? [
            ...(people?.users ?? []).map((u) => ({
              key: u.id,
              insert: u.username,
              user: u,
              note: people?.notInChannel?.includes(u.id) ? 'Not in channel' : undefined,
            })),
            ...(people?.groups ?? []).map((g) => ({ key: `group:${g.handle}`, insert: g.handle, group: g })),
            ...(broadcasts ? BROADCAST_MENTIONS.filter((b) => b.startsWith(at.query)) : []).map((b) => ({
              key: b,
              insert: b,
              note: BROADCAST_NOTES[b],
            })),
          ].slice(0, 12)
        : [];
  const open = options.length > 0;

  // Called on both change and select for one key: an unchanged mention keeps its state, so it asks once.
  const track = (box: Box) => {
    const next = openMentionAt(box.value.slice(0, box.selectionStart));
    const last = tracked.current;
    if (next?.start === last?.start && next?.query === last?.query && next?.trigger === last?.trigger) return;
    tracked.current = next;
    setAt(next);
    setActive(0);
  };

  const close = () => {
    tracked.current = undefined;
    setAt(undefined);
  };

  const choose = (option: Option) => {
    const box = ref.current;
    if (!box || !at) return;
    const caret = box.selectionStart;
    const typed = `${at.trigger}${option.insert}`;
    const spaced = /^\s/.test(box.value.slice(caret)) ? typed : `${typed} `;
    const next = spliceAt(box.value, at.start, caret, spaced);
    caretAfter.current = next.caret;
    close();
    setText(next.text);
    box.focus();
  };

  /** For onKeyDown: true when the key drove the list and must not reach the composer. */
  const handleKeyDown = (e: KeyboardEvent<Box>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    const move = (by: number) => setActive((i) => (i + by + options.length) % options.length);
    if (e.key === 'ArrowDown') move(1);
    else if (e.key === 'ArrowUp') move(-1);
    else if (e.key === 'Enter' || e.key === 'Tab') choose(options[active] ?? options[0]!);
    else if (e.key === 'Escape') setDismissedAt(at?.start);
    else return false;
    e.preventDefault();
    e.stopPropagation();
    return true;
  };

  const optionId = (i: number) => `${listId}-${i}`;
  return {
    open,
    track,
    handleKeyDown,
    inputProps: {
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(active) : undefined,
    },
    blur: close,
    list: open ? (
      <ul
        id={listId}
        className="shortcode-list"
        role="listbox"
        aria-label={at?.trigger === '#' ? 'Channels to link' : 'People to mention'}
      >
        {options.map((o, i) => (
          <li
            key={o.key}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="shortcode-option"
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(o)}
          >
            {o.channel ? (
              <span>
                <strong>
                  # <Marked text={o.insert} query={at!.query} />
                </strong>
              </span>
            ) : o.user ? (
              <>
                <Avatar
                  name={o.user.displayName}
                  username={o.user.username}
                  photo={o.user.avatarId}
                  size={22}
                />
                <span>
                  <strong>
                    <Marked text={o.user.displayName} query={at!.query} />
                  </strong>{' '}
                  <span className="muted">
                    @<Marked text={o.user.username} query={at!.query} />
                  </span>
                </span>
                {o.note && <span className="mention-note">{o.note}</span>}
              </>
            ) : o.group ? (
              <span>
                <strong>{o.group.name}</strong> <span className="muted">@{o.group.handle}</span>{' '}
                <span className="muted">
                  · {o.group.memberCount} {o.group.memberCount === 1 ? 'person' : 'people'}
                </span>
              </span>
            ) : (
              <span>
                <strong>@{o.insert}</strong> <span className="muted">{o.note}</span>
              </span>
            )}
          </li>
        ))}
      </ul>
    ) : null,
  };
}

/** The text with what was typed marked where it starts a word: why this person is on the list. */
function Marked({ text, query }: { text: string; query: string }) {
  const at = wordStartMatch(text, query);
  if (at < 0) return text;
  const end = at + query.length;
  return (
    <>
      {text.slice(0, at)}
      <mark className="mention-match">{text.slice(at, end)}</mark>
      {text.slice(end)}
    </>
  );
}
