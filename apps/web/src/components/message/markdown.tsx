import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkBreaks from 'remark-breaks';

const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
  img: ({ alt }) => <span className="md-image-alt">{alt ? `[image: ${alt}]` : '[image]'}</span>,
  h1: ({ children }) => <p className="md-heading">{children}</p>,
  h2: ({ children }) => <p className="md-heading">{children}</p>,
  h3: ({ children }) => <p className="md-heading">{children}</p>,
};

/** Markdown to React elements; raw HTML is dropped and unsafe URLs are emptied by react-markdown. */
export const MessageBody = memo(function MessageBody({ text }: { text: string }) {
  return (
    <div className="md">
      {/* A typed line break is a line break for the reader, as in every chat. */}
      <Markdown skipHtml components={components} remarkPlugins={[remarkBreaks]}>
        {text}
      </Markdown>
    </div>
  );
});
