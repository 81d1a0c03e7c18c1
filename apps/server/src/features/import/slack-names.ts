import { ChannelName, DisplayName, LIMITS, Username } from '@parley/protocol';
import type { SlackChannel } from './slack-export.js';

/** Slack's handle in Parley's alphabet (a-z 0-9 . _ -, 2 to 32), or one made of its id. */
export function usernameOf(name: string, slackId: string): string {
  const cleaned = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.usernameMax);
  return Username.safeParse(cleaned).success ? cleaned : `slack-${slackId.toLowerCase()}`.slice(0, 32);
}

/** Slack's channel name in Parley's alphabet (a-z 0-9 - _), or "imported". */
export function channelName(name: string): string {
  const cleaned = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return ChannelName.safeParse(cleaned).success ? cleaned : 'imported';
}

/** A name to show, without control characters, or "Slack user". */
export function displayName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
    .slice(0, LIMITS.displayNameMax);
  return DisplayName.safeParse(cleaned).success ? cleaned : 'Slack user';
}

/** A channel's topic, else its purpose, as long as a topic may be. */
export const topicOf = (c: SlackChannel) =>
  (c.topic?.value || c.purpose?.value || '').trim().slice(0, LIMITS.topicMax);
