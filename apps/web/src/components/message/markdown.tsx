import { Fragment, memo, type ReactNode } from 'react';
import Markdown, { RuleType, type MarkdownToJSX } from 'markdown-to-jsx';

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
  renderRule(next, node, _children, state) {
    // A typed line break is a line break for the reader, as in every chat.
    if (node.type === RuleType.text && node.text.includes('\n') && !state.inAnchor) {
      const lines = node.text.split('\n');
      return (
        <Fragment key={state.key}>
          {lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Fragment>
      );
    }
    return next();
  },
};

/** Markdown to React elements; raw HTML stays text and unsafe URLs are dropped by the parser's sanitizer. */
export const MessageBody = memo(function MessageBody({ text }: { text: string }) {
  return (
    <div className="md">
      <Markdown options={options}>{text}</Markdown>
    </div>
  );
});
