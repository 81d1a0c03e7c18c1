import { LIMITS } from '@parley/protocol';
import type { SlackMessage } from './slack-export.js';

/** What Slack's ids in a message's text stand for in Parley. */
export type SlackNames = {
  user: (slackId: string) => string | undefined;
  channel: (slackId: string) => string | undefined;
};

const CODE = /(```[\s\S]*?```|`[^`\n]+`)/g;
const BROADCAST: Record<string, string> = { here: '@here', channel: '@channel', everyone: '@everyone' };

/**
 * Slack's message markup as Parley's Markdown: mentions, channel links and links in angle brackets,
 * *bold* and ~strike~, and its three escaped characters; code is left as it is, unescaped.
 */
export function slackToMarkdown(text: string, names: SlackNames): string {
  return text
    .split(CODE)
    .map((part, i) => (i % 2 === 1 ? unescape(part) : convertProse(part, names)))
    .join('');
}

function convertProse(text: string, names: SlackNames): string {
  const linked = text.replace(/<([^<>\n]+)>/g, (_, inner: string) => {
    const [target = '', label] = inner.split('|', 2);
    if (target.startsWith('@')) {
      const name = names.user(target.slice(1));
      return name ? `@${name}` : `@${label ?? 'someone'}`;
    }
    if (target.startsWith('#')) return `#${names.channel(target.slice(1)) ?? label ?? 'channel'}`;
    if (target.startsWith('!')) {
      const word = target.slice(1).split('^')[0]!;
      return BROADCAST[word] ?? label ?? '';
    }
    if (target.startsWith('mailto:')) return label ?? target.slice('mailto:'.length);
    const url = unescape(target);
    return label && label !== target ? `[${unescape(label)}](${url})` : url;
  });
  return unescape(
    linked
      .replace(/(^|[\s(])\*(\S(?:[^*\n]*?\S)?)\*(?=$|[\s).,!?:;])/gm, '$1**$2**')
      .replace(/(^|[\s(])~(\S(?:[^~\n]*?\S)?)~(?=$|[\s).,!?:;])/gm, '$1~~$2~~'),
  );
}

const unescape = (s: string) => s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

/** A message's text as Parley stores it: Markdown, a /me line in italics, and a line naming each file. */
export function messageBody(m: SlackMessage, names: SlackNames): string {
  const text = slackToMarkdown(m.text ?? '', names);
  const files = (m.files ?? []).map((f) => `📎 ${f.title || f.name || 'a file'}`);
  const body = [m.subtype === 'me_message' ? `_${text}_` : text, ...files].join('\n').trim();
  return body.slice(0, LIMITS.bodyMax);
}
