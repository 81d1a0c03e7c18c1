import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { loadShortcodes, type ShortcodeIndex, type Suggestion } from './shortcodes';
import { closedShortcodeAt, openShortcodeAt, spliceAt, type ShortcodeAt } from './shortcode-typing';
import { useCustomEmojiLookup, type CustomEmojiView } from './custom-emoji-context';
import './emoji-typing.css';

type Box = HTMLTextAreaElement;

/**
 * `:shortcode:` turns into its emoji on the closing colon; after `:` and two letters a list offers
 * matches (arrows, Enter or Tab, Escape, or the mouse). The emoji data loads on the first colon.
 */
export function useEmojiTyping(ref: React.RefObject<Box | null>, setText: (text: string) => void) {
  const [index, setIndex] = useState<ShortcodeIndex>();
  const [at, setAt] = useState<ShortcodeAt>();
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number>();
  const caretAfter = useRef<number>(undefined);
  const listId = useId();

  const custom = useCustomEmojiLookup();
  const suggestions: Suggestion[] =
    index && at && at.start !== dismissedAt
      ? [...searchCustom(custom?.list ?? [], at.query), ...index.search(at.query)].slice(0, 8)
      : [];
  const open = suggestions.length > 0;

  useLayoutEffect(() => {
    if (caretAfter.current === undefined || !ref.current) return;
    ref.current.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = undefined;
  });

  const ensureIndex = () => {
    if (!index) void loadShortcodes().then(setIndex, () => {});
  };

  const track = (box: Box) => {
    const next = openShortcodeAt(box.value.slice(0, box.selectionStart));
    if (next) ensureIndex();
    setAt(next);
    setActive(0);
  };

  /** For onChange: the text to keep, with a just-closed shortcode replaced by its emoji. */
  const handleInput = (box: Box): string => {
    const next = index && replaceClosed(index, box);
    if (next) {
      caretAfter.current = next.caret;
      setAt(undefined);
      return next.text;
    }
    track(box);
    return box.value;
  };

  const choose = (s: Suggestion) => {
    const box = ref.current;
    if (!box || !at) return;
    const caret = box.selectionStart;
    const spaced = /^\s/.test(box.value.slice(caret)) ? s.emoji : `${s.emoji} `;
    const next = spliceAt(box.value, at.start, caret, spaced);
    caretAfter.current = next.caret;
    setAt(undefined);
    setText(next.text);
    box.focus();
  };

  /** For onKeyDown: true when the key drove the list and must not reach the composer. */
  const handleKeyDown = (e: KeyboardEvent<Box>): boolean => {
    if (!open || e.nativeEvent.isComposing) return false;
    const move = (by: number) => setActive((i) => (i + by + suggestions.length) % suggestions.length);
    if (e.key === 'ArrowDown') move(1);
    else if (e.key === 'ArrowUp') move(-1);
    else if (e.key === 'Enter' || e.key === 'Tab') choose(suggestions[active] ?? suggestions[0]!);
    else if (e.key === 'Escape') setDismissedAt(at?.start);
    else return false;
    e.preventDefault();
    e.stopPropagation();
    return true;
  };

  // A shortcode closed before the data arrived still turns into its emoji once it has.
  useEffect(() => {
    const box = ref.current;
    const next = index && box && replaceClosed(index, box);
    if (!next) return;
    caretAfter.current = next.caret;
    setText(next.text);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index]);

  const optionId = (i: number) => `${listId}-${i}`;
  return {
    handleInput,
    handleKeyDown,
    inputProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(active) : undefined,
      onSelect: (e: React.SyntheticEvent<Box>) => track(e.currentTarget),
      onBlur: () => setAt(undefined),
    },
    list: open ? (
      <ul id={listId} className="shortcode-list" role="listbox" aria-label="Emoji">
        {suggestions.map((s, i) => (
          <li
            key={s.shortcode}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className="shortcode-option"
            // Keep the caret in the composer: a click must not blur it first.
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => choose(s)}
          >
            <span className="shortcode-emoji" aria-hidden="true">
              {s.image ? <img className="custom-emoji" src={s.image} alt="" /> : s.emoji}
            </span>
            <span>:{s.shortcode}:</span>
          </li>
        ))}
      </ul>
    ) : null,
  };
}

/** Custom emoji whose name starts with the query, then those with a word that does; typed as `:name:`. */
function searchCustom(list: CustomEmojiView[], query: string): Suggestion[] {
  const q = query.toLowerCase();
  const starts = list.filter((e) => e.name.startsWith(q));
  const words = list.filter(
    (e) => !e.name.startsWith(q) && (e.name.includes(`-${q}`) || e.name.includes(`_${q}`)),
  );
  return [...starts, ...words]
    .slice(0, 4)
    .map((e) => ({ shortcode: e.name, emoji: `:${e.name}:`, annotation: e.name, image: e.url }));
}

function replaceClosed(index: ShortcodeIndex, box: Box) {
  const caret = box.selectionStart;
  const closed = closedShortcodeAt(box.value.slice(0, caret));
  const emoji = closed && index.byCode.get(closed.query.toLowerCase());
  return closed && emoji ? spliceAt(box.value, closed.start, caret, emoji) : undefined;
}
