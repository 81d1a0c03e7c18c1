import { Fragment, memo, useMemo, type ReactNode } from 'react';
import { useMentionLookup, type MentionLookup } from '../mention/mention-context';
import { MentionText } from '../mention/mention-text';
import { useCustomEmojiLookup, type CustomEmojiLookup } from '../emoji/custom-emoji-context';
import { withCustomEmoji } from './emoji-text';
import { CodeBlock } from './code-block';
import Markdown, { RuleType, type MarkdownToJSX } from 'markdown-to-jsx';
import './message.css';

const Heading = ({ children }: { children?: ReactNode }) => <p className="md-heading">{children}</p>;

const options: MarkdownToJSX.Options = {
  // Raw HTML shows as the text it is; nothing in a message becomes markup it did not ask for.
  disableParsingRawHTML: true,
  forceBlock: true,
  overrides: {
    a: {
      component: ({ href, title, children }: { href?: string; title?: string; children?: ReactNode }) => (
        <a href={href} title={title} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      ),
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
    h1: Heading,
    h2: Heading,
    h3: Heading,
    h4: Heading,
    h5: Heading,
    h6: Heading,
  },
};

/** Typed line breaks stay line breaks, as in every chat, `@name` becomes a chip, `:name:` a custom emoji and code is coloured. */
const withText = (lookup: MentionLookup | undefined, emoji?: CustomEmojiLookup): MarkdownToJSX.Options => ({
  ...options,
  renderRule(next, node, _children, state) {
    if (node.type === RuleType.codeBlock)
      return <CodeBlock key={state.key} code={node.text.replace(/\n$/, '')} lang={node.lang} />;
    if (node.type === RuleType.text && !state.inAnchor && needsText(node.text, emoji))
      return (
        <Fragment key={state.key}>
          {withCustomEmoji(node.text, emoji, (piece) => (
            <MentionText text={piece} lookup={lookup} />
          ))}
        </Fragment>
      );
    return next();
  },
});

const needsText = (text: string, emoji: CustomEmojiLookup | undefined) =>
  text.includes('\n') || text.includes('@') || (!!emoji?.list.length && text.includes(':'));

/** Markdown to React elements; raw HTML stays text and unsafe URLs are dropped by the parser's sanitizer. */
export const MessageBody = memo(function MessageBody({ text }: { text: string }) {
  const lookup = useMentionLookup();
  const emoji = useCustomEmojiLookup();
  const withLookup = useMemo(() => withText(lookup, emoji), [lookup, emoji]);
  return (
    <div className="md">
      <Markdown options={withLookup}>{text}</Markdown>
    </div>
  );
});
