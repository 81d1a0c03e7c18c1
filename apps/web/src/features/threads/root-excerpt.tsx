import type { ReactNode } from 'react';
import type { Message } from '@parley/protocol';
import { useMentionLookup } from '../../components/mention/mention-context';
import { MentionText } from '../../components/mention/mention-text';
import { useDecrypted } from '../../crypto/use-decrypted';

const MAX = 90;

/** One line of a message's text for a preview: markdown marks and line breaks dropped, cut at a word. */
export function excerpt(text: string, max = MAX): string {
  const flat = text
    .replace(/```[\s\S]*?```/g, '[code]')
    // Heading and quote marks at a line's start only: "#general" and "@bob_smith" keep theirs.
    .replace(/^[ \t]*(#{1,6}[ \t]+|>[ \t]?)/gm, '')
    .replace(/[*~`]+|(?<!\w)_+|_+(?!\w)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : max)}…`;
}

/** A message's text for a preview, decrypted in the browser when sealed; a note instead where there is none. */
export function PreviewText({
  message,
  authorName,
  children,
}: {
  message: Message;
  authorName: string;
  children: (text: string) => ReactNode;
}) {
  const plain = useDecrypted(message, authorName);
  if (message.deletedAt) return <em>This message was deleted.</em>;
  if (!message.encrypted) return children(message.body ?? '');
  if (!plain) return <em>Decrypting…</em>;
  return plain.ok ? children(plain.text) : <em>Encrypted message</em>;
}

/** A message as one preview line, people's mentions by name. */
export function Excerpt({ message, authorName }: { message: Message; authorName: string }) {
  const lookup = useMentionLookup();
  return (
    <PreviewText message={message} authorName={authorName}>
      {(text) => <MentionText text={excerpt(text)} lookup={lookup} inLink />}
    </PreviewText>
  );
}
