import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message, Reaction } from '@parley/protocol';
import { EmojiGlyph } from '../../components/emoji/emoji-glyph';
import { AddReactionButton } from './add-reaction-button';
import { whoReacted } from './reaction-list';
import { toggleOwnReaction } from './toggle-reaction';
import { useNameOf, useSelfId } from './use-cached';
import './reactions.css';

const LONG_PRESS_MS = 500;
const TOUCH_TIP_MS = 3_000;

type Props = {
  message: Pick<Message, 'id' | 'channelId' | 'threadRootId' | 'reactions'>;
  /** Drawn in the list's first-frame preview: shown, but not reachable. */
  preview?: boolean;
};

/** One pill per emoji under a message, with its count; the caller's own are pressed; a click toggles. */
export function ReactionBar({ message, preview }: Props) {
  const qc = useQueryClient();
  const selfId = useSelfId();
  const nameOf = useNameOf();
  if (!message.reactions?.length) return null;
  return (
    <div className="reaction-bar" role="group" aria-label="Reactions" inert={preview}>
      {message.reactions.map((r) => (
        <ReactionPill
          key={r.emoji}
          reaction={r}
          mine={r.userIds.includes(selfId)}
          who={whoReacted(r, nameOf, selfId)}
          onToggle={() => void toggleOwnReaction(qc, message, r.emoji)}
        />
      ))}
      <AddReactionButton message={message} variant="pill" />
    </div>
  );
}

type PillProps = { reaction: Reaction; mine: boolean; who: string; onToggle: () => void };

/** Hover, focus or a long press on touch shows who reacted. */
function ReactionPill({ reaction, mine, who, onToggle }: PillProps) {
  const tipId = useId();
  const [tip, setTip] = useState(false);
  const [place, setPlace] = useState<CSSProperties>();
  const pill = useRef<HTMLButtonElement>(null);
  const press = useRef<ReturnType<typeof setTimeout>>(undefined);
  const longPressed = useRef(false);
  const stopPress = () => clearTimeout(press.current);

  useEffect(() => () => clearTimeout(press.current), []);
  useLayoutEffect(() => {
    if (tip && pill.current) setPlace(tooltipPlace(pill.current));
  }, [tip]);

  return (
    <span className="reaction">
      <button
        ref={pill}
        type="button"
        className={mine ? 'reaction-pill reaction-mine' : 'reaction-pill'}
        aria-pressed={mine}
        aria-label={mine ? `Remove your ${reaction.emoji} reaction` : `React with ${reaction.emoji}`}
        aria-describedby={tipId}
        data-emoji={reaction.emoji}
        onPointerEnter={(e) => e.pointerType === 'mouse' && setTip(true)}
        onPointerLeave={(e) => {
          stopPress();
          if (e.pointerType === 'mouse') setTip(false);
        }}
        onPointerDown={(e) => {
          if (e.pointerType === 'mouse') return;
          longPressed.current = false;
          press.current = setTimeout(() => {
            longPressed.current = true;
            setTip(true);
            press.current = setTimeout(() => setTip(false), TOUCH_TIP_MS);
          }, LONG_PRESS_MS);
        }}
        onPointerUp={() => !longPressed.current && stopPress()}
        onPointerCancel={stopPress}
        // A long press shows who reacted; it is not also a click, nor the browser's menu.
        onContextMenu={(e) => longPressed.current && e.preventDefault()}
        onClick={() => {
          if (longPressed.current) longPressed.current = false;
          else onToggle();
        }}
        onFocus={(e) => isKeyboardFocus(e.currentTarget) && setTip(true)}
        onBlur={() => setTip(false)}
        onKeyDown={(e) => e.key === 'Escape' && setTip(false)}
      >
        <span className="reaction-emoji" aria-hidden="true">
          <EmojiGlyph emoji={reaction.emoji} />
        </span>
        <span className="reaction-count" aria-hidden="true">
          {reaction.count}
        </span>
      </button>
      <span id={tipId} role="tooltip" className="reaction-tooltip" hidden={!tip} style={place}>
        <span className="reaction-tooltip-emoji" aria-hidden="true">
          <EmojiGlyph emoji={reaction.emoji} />
        </span>
        {who}
      </span>
    </span>
  );
}

const TIP_WIDTH = 220;
const TIP_ROOM = 110;

/** Fixed to the viewport, so the list's scroller cannot clip it: above the pill, or below it near the top. */
function tooltipPlace(pill: HTMLElement): CSSProperties {
  const r = pill.getBoundingClientRect();
  const left = Math.max(8, Math.min(r.left, window.innerWidth - TIP_WIDTH - 8));
  return r.top > TIP_ROOM ? { left, bottom: window.innerHeight - r.top + 6 } : { left, top: r.bottom + 6 };
}

// A click focuses the pill too; only keyboard focus should keep the names on screen.
function isKeyboardFocus(el: HTMLElement): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}
