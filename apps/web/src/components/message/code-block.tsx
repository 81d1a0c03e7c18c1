import { useEffect, useMemo, useState } from 'react';
import { afterPaint } from '../../lib/after-paint';
import { loadChunk } from '../../lib/load-chunk';
import './code-block.css';

type Highlighter = typeof import('./highlight');

// Guessing the language of a short unlabelled snippet is mostly wrong; longer ones are worth a try.
const AUTO_DETECT_MIN_CHARS = 80;

let loaded: Highlighter | undefined;
let loading: Promise<Highlighter> | undefined;

/** The grammars load once, on the first code block that wants them, so the chat's first load stays small. */
function loadHighlighter(): Promise<Highlighter> {
  // After the first screen is painted: the colours follow the text, they never hold it back.
  loading ??= new Promise<void>((resolve) => afterPaint(resolve))
    .then(() => loadChunk(() => import('./highlight')))
    .then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined; // a failed chunk (a new deploy, offline) is tried again by the next block
        throw error;
      },
    );
  return loading;
}

/** A fenced code block: plain text at once, coloured when the highlighter has arrived (same text, so nothing moves). */
export function CodeBlock({
  code,
  lang,
  focusable = true,
}: {
  code: string;
  lang?: string;
  /** False inside a link, where the link is what the keyboard reaches. */
  focusable?: boolean;
}) {
  const wanted = lang ? true : code.length >= AUTO_DETECT_MIN_CHARS;
  const [highlighter, setHighlighter] = useState(loaded);
  useEffect(() => {
    if (!wanted || highlighter) return;
    let live = true;
    loadHighlighter().then(
      (module) => live && setHighlighter(module),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, highlighter]);
  const coloured = useMemo(
    () => (wanted && highlighter ? highlighter.highlightCode(code, lang) : null),
    [wanted, highlighter, code, lang],
  );
  return (
    // Focusable, so a block wider than the message can be scrolled from the keyboard (as on GitHub).
    <pre
      className="code-block"
      tabIndex={focusable ? 0 : undefined}
      data-highlighted={coloured ? 'true' : undefined}
    >
      <code className={lang ? `lang-${lang}` : undefined}>{coloured ?? code}</code>
    </pre>
  );
}
