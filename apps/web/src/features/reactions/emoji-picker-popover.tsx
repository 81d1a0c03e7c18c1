import { PHONE } from '../../lib/use-media-query';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import type { EmojiClickEvent } from 'emoji-picker-element/shared';
import { useCustomEmojiLookup } from '../../components/emoji/custom-emoji-context';
import { createPicker } from './load-picker';
import { useMayAddEmoji } from './use-may-add-emoji';
import { besideAnchor } from '../../lib/beside-anchor';

type Props = {
  anchor: HTMLElement;
  onPick: (emoji: string) => void;
  /** `returnFocus` is false when a click elsewhere closed it: focus goes where that click went. */
  onClose: (returnFocus: boolean) => void;
  /** Opens the dialog that adds a custom emoji; the popover closes first. */
  onAddEmoji?: () => void;
};

/** emoji-picker-element in a popover beside its trigger, or a bottom sheet on a phone. Loaded on first open, with the picker. */
export function EmojiPickerPopover({ anchor, onPick, onClose, onAddEmoji }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const host = useRef<HTMLDivElement>(null);
  const [style, setStyle] = useState<CSSProperties>({ visibility: 'hidden' });
  const [sheet] = useState(() => window.matchMedia?.(PHONE).matches ?? false);
  const pickerRef = useRef<ReturnType<typeof createPicker>>(undefined);
  const custom = useCustomEmojiLookup();
  const mayAdd = useMayAddEmoji();
  const handlers = useRef({ onPick, onClose });
  useLayoutEffect(() => {
    handlers.current = { onPick, onClose };
  });

  useEffect(() => {
    const picker = createPicker();
    picker.addEventListener('emoji-click', (e) => {
      const { unicode, name } = (e as EmojiClickEvent).detail;
      // A custom emoji has no unicode: it is picked as `:name:`.
      const emoji = unicode ?? (name ? `:${name}:` : undefined);
      if (emoji) handlers.current.onPick(emoji);
    });
    host.current?.append(picker);
    pickerRef.current = picker;
    focusSearch(picker);
    return () => picker.remove();
  }, []);

  useEffect(() => {
    // Effects run in order: the picker above exists by now, and follows the list as it changes.
    const picker = pickerRef.current;
    if (!picker) return;
    picker.customEmoji = (custom?.list ?? []).map((e) => ({
      name: e.name,
      shortcodes: [e.name],
      url: e.url,
      category: 'Custom',
    }));
  }, [custom]);

  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      const path = e.composedPath();
      if (ref.current && !path.includes(ref.current) && !path.includes(anchor))
        handlers.current.onClose(false);
    };
    // On the document: Escape pressed before the search takes focus (it waits for the picker) still closes.
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && pickFirstResult(pickerRef.current, e)) return;
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      handlers.current.onClose(true);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [anchor]);

  useLayoutEffect(() => {
    if (sheet) return setStyle({});
    const place = () => ref.current && setStyle(besideAnchor(anchor, ref.current));
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [anchor, sheet]);

  return createPortal(
    <>
      {sheet && <div className="emoji-sheet-scrim" />}
      <div
        ref={ref}
        className={sheet ? 'emoji-popover emoji-sheet' : 'emoji-popover'}
        role="dialog"
        aria-label="Add reaction"
        style={style}
      >
        <div ref={host} className="emoji-picker-host" />
        {onAddEmoji && mayAdd && (
          <div className="emoji-popover-footer">
            <button type="button" className="emoji-add-button" onClick={onAddEmoji}>
              Add emoji
            </button>
          </div>
        )}
      </div>
    </>,
    document.body,
  );
}

// The picker renders its search field on connect, and the popover is hidden until placed: retry for a few frames.
/** Enter in the search picks the first result, as in Slack: the picker alone only moves to it. Arrows still choose another. */
function pickFirstResult(picker: HTMLElement | undefined, e: KeyboardEvent): boolean {
  const root = picker?.shadowRoot;
  const search = root?.querySelector('input');
  if (!search || !e.composedPath().includes(search) || search.getAttribute('aria-activedescendant'))
    return false;
  const first = root!.querySelector<HTMLElement>('#search-results [role="option"]');
  if (!first) return false;
  e.preventDefault();
  e.stopPropagation();
  first.click();
  return true;
}

function focusSearch(picker: HTMLElement, tries = 30) {
  const search = picker.shadowRoot?.querySelector<HTMLInputElement>('input');
  search?.focus();
  const focused = !!search && picker.shadowRoot?.activeElement === search;
  if (!focused && tries > 0) requestAnimationFrame(() => focusSearch(picker, tries - 1));
}
