import { Fragment, memo, useEffect, useMemo, type ReactNode } from 'react';
import { useMentionLookup, type MentionLookup } from '../mention/mention-context';
import { MentionText } from '../mention/mention-text';
import { useCustomEmojiLookup, type CustomEmojiLookup } from '../emoji/custom-emoji-context';
import { jumboEmojiCount } from '../emoji/emoji-form';
import { needStandardCodes, standardCodes } from '../emoji/standard-codes';
import { mayHoldShortcode } from '../emoji/shortcode-typing';
import { useStore } from '../../lib/store';
import { withCustomEmoji } from './emoji-text';
import { CodeBlock } from './code-block';
import { marked, markPattern } from './marked-text';
import Markdown, { RuleType, type MarkdownToJSX } from 'markdown-to-jsx';
import { Link } from 'react-router';
import './message.css';

/** A link to one of Parley's own pages (a pasted permalink): followed in this tab, not a new one. */
export function appPath(href: string): string | undefined {
  if (!/^(https?:\/\/|\/(?!\/))/i.test(href)) return undefined;
  try {
    const url = new URL(href, window.location.origin);
    if (url.origin !== window.location.origin || /^\/(api|assets)\//.test(url.pathname)) return undefined;
    return url.pathname + url.search + url.hash;
  } catch {
    return undefined;
  }
}

const Heading = ({ children }: { children?: ReactNode }) => <p className="md-heading">{children}</p>;

const options: MarkdownToJSX.Options = {
  // Raw HTML shows as the text it is; nothing in a message becomes markup it did not ask for.
  disableParsingRawHTML: true,
  forceBlock: true,
  // "#general" or "#1 priority" at the start of a line is text, as in CommonMark: a heading needs "# ".
  enforceAtxHeadings: true,
  overrides: {
    a: {
      component: ({ href, title, children }: { href?: string; title?: string; children?: ReactNode }) => {
        const path = href && appPath(href);
        return path ? (
          <Link to={path} title={title}>
            {children}
          </Link>
        ) : (
          <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow">
            {children}
          </a>
        );
      },
    },
    img: {
      component: ({ alt }: { alt?: string }) => (
        <span className="md-image-alt">{alt ? `[image: ${alt}]` : '[image]'}</span>
      ),
    },
    // A task list's box: read-only, and named so a screen reader says what it shows.
    input: {
      component: ({ checked }: { checked?: boolean }) => (
        <input
          type="checkbox"
          checked={!!checked}
          readOnly
          disabled
          aria-label={checked ? 'Done' : 'Not done'}
        />
      ),
    },
    // A wide table scrolls sideways: it takes focus so a keyboard can scroll it too.
    table: {
      component: ({ children }: { children?: ReactNode }) => <table tabIndex={0}>{children}</table>,
    },
    h1: Heading,
    h2: Heading,
    h3: Heading,
    h4: Heading,
    h5: Heading,
    h6: Heading,
  },
};

type Shown = {
  lookup?: MentionLookup;
  emoji?: CustomEmojiLookup;
  codes?: Map<string, string>;
  inLink?: boolean;
  marks?: RegExp;
};

/** Inside a card that is itself a link, a link shows as its text, so no link sits in another. */
const linkText: MarkdownToJSX.Options['overrides'] = {
  ...options.overrides,
  a: { component: ({ children }: { children?: ReactNode }) => <span className="md-link">{children}</span> },
  table: { component: ({ children }: { children?: ReactNode }) => <table>{children}</table> },
};

/**
 * Typed line breaks stay line breaks, as in every chat, `@name` becomes a chip, `:name:` a custom emoji,
 * code is coloured (and, inside a link, not focusable) and searched words are marked.
 */
const withText = ({ lookup, emoji, codes, inLink, marks }: Shown): MarkdownToJSX.Options => ({
  ...options,
  overrides: inLink ? linkText : options.overrides,
  renderRule(next, node, _children, state) {
    joinTextRuns(node);
    if (node.type === RuleType.codeBlock)
      return (
        <CodeBlock key={state.key} code={node.text.replace(/\n$/, '')} lang={node.lang} focusable={!inLink} />
      );
    if (node.type === RuleType.codeInline) return <code key={state.key}>{codeWords(node.text)}</code>;
    if (node.type === RuleType.text && !state.inAnchor && (marks || needsText(node.text, emoji, codes))) {
      const plain = (text: string) =>
        withCustomEmoji(
          text,
          emoji,
          (piece) => <MentionText text={piece} lookup={lookup} inLink={inLink} />,
          codes,
        );
      return (
        <Fragment key={state.key}>{marks ? marked(node.text, marks, plain) : plain(node.text)}</Fragment>
      );
    }
    return next();
  },
});

/** Inline code wraps between its words only, so `npm run bench -- --quick` never breaks after its `--`. */
function codeWords(text: string): ReactNode[] {
  return text.split(/(\s+)/).map((part, i) =>
    i % 2 || !part ? (
      part
    ) : (
      <span key={i} className="code-word">
        {part}
      </span>
    ),
  );
}

type Node = MarkdownToJSX.ParserResult;

/** One text node for each run of them: the parser splits "@bob_smith" and "#ops-team" at their _ and -. */
function joinTextRuns(node: Node): void {
  const join = (nodes: Node[]) => {
    if (nodes.length < 2) return nodes;
    const out: Node[] = [];
    for (const n of nodes) {
      const last = out.at(-1);
      if (last?.type === RuleType.text && n.type === RuleType.text)
        out[out.length - 1] = { ...last, text: last.text + n.text };
      else out.push(n);
    }
    return out;
  };
  const parts = node as { children?: unknown; items?: Node[][]; header?: Node[][]; cells?: Node[][][] };
  if (Array.isArray(parts.children)) parts.children = join(parts.children as Node[]);
  if (parts.items) parts.items = parts.items.map(join);
  if (parts.header) parts.header = parts.header.map(join);
  if (parts.cells) parts.cells = parts.cells.map((row) => row.map(join));
}

// Code, links and addresses are left as typed: an escape there would show, or change where a link goes.
const LITERAL =
  /(```[\s\S]*?(?:```|(?![\s\S]))|~~~[\s\S]*?(?:~~~|(?![\s\S]))|`[^`\n]*`|<[^>\s]+>|\]\([^)\s]*\)|\b(?:https?:\/\/|www\.)\S+|^(?: {4}|\t).*$)/gm;
const INTRAWORD = /(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}])/gu;

/**
 * An underscore inside a word stays an underscore, as on GitHub and in Slack: the parser alone made
 * "snake_case_name" into snake<em>case</em>name and split "@bob_smith".
 */
export function keepIntrawordUnderscores(text: string): string {
  if (!text.includes('_')) return text;
  return text
    .split(LITERAL)
    .map((part, i) => (i % 2 ? part : part.replace(INTRAWORD, '\\_')))
    .join('');
}

const needsText = (
  text: string,
  emoji: CustomEmojiLookup | undefined,
  codes: Map<string, string> | undefined,
) =>
  text.includes('\n') ||
  text.includes('@') ||
  text.includes('#') ||
  ((!!emoji?.list.length || !!codes) && text.includes(':'));

/**
 * Markdown to React elements; raw HTML stays text and unsafe URLs are dropped by the parser's sanitizer.
 * `inLink`: shown inside a link (search results, mentions, saved); `highlights`: words to mark.
 */
export const MessageBody = memo(function MessageBody({
  text,
  inLink,
  highlights,
}: {
  text: string;
  inLink?: boolean;
  highlights?: string[];
}) {
  const lookup = useMentionLookup();
  const emoji = useCustomEmojiLookup();
  const codes = useStore(standardCodes);
  const wantsCodes = !codes && mayHoldShortcode(text);
  useEffect(() => {
    if (wantsCodes) needStandardCodes();
  }, [wantsCodes]);
  const shown = useMemo(
    () => withText({ lookup, emoji, codes, inLink, marks: highlights && markPattern(highlights) }),
    [lookup, emoji, codes, inLink, highlights],
  );
  const jumbo = useMemo(
    () =>
      !inLink &&
      !highlights &&
      jumboEmojiCount(text, (name) => !!emoji?.byName(name) || !!codes?.has(name)) > 0,
    [text, emoji, codes, inLink, highlights],
  );
  return (
    <div className={jumbo ? 'md md-jumbo' : 'md'}>
      <Markdown options={shown}>{keepIntrawordUnderscores(text)}</Markdown>
    </div>
  );
});
