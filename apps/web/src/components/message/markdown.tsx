import { Fragment, memo, useMemo, type ReactNode } from 'react';
import { useMentionLookup, type MentionLookup } from '../mention/mention-context';
import { MentionText } from '../mention/mention-text';
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
    h1: Heading,
    h2: Heading,
    h3: Heading,
    h4: Heading,
    h5: Heading,
    h6: Heading,
  },
};

/** Typed line breaks stay line breaks, as in every chat, and `@name` becomes a chip. */
const withText = (lookup: MentionLookup | undefined): MarkdownToJSX.Options => ({
  ...options,
  renderRule(next, node, _children, state) {
    if (node.type === RuleType.text && !state.inAnchor && needsText(node.text))
      return (
        <Fragment key={state.key}>
          <MentionText text={node.text} lookup={lookup} />
        </Fragment>
      );
    return next();
  },
});

const needsText = (text: string) => text.includes('\n') || text.includes('@');

/** Markdown to React elements; raw HTML stays text and unsafe URLs are dropped by the parser's sanitizer. */
export const MessageBody = memo(function MessageBody({ text }: { text: string }) {
  const lookup = useMentionLookup();
  const withLookup = useMemo(() => withText(lookup), [lookup]);
  return (
    <div className="md">
      <Markdown options={withLookup}>{text}</Markdown>
    </div>
  );
});
