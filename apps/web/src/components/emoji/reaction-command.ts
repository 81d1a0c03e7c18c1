import { canonicalEmoji, isSingleEmoji } from './emoji-form';
import { loadShortcodes } from './shortcodes';

/** A message that is only `+:shortcode:` or `+emoji` reacts to the last message instead (Slack's habit). */
export type ReactionCommand = { shortcode: string } | { emoji: string };

const SHORTCODE = /^\+:([a-z0-9_+'-]+):$/i;

export function parseReactionCommand(text: string): ReactionCommand | undefined {
  const body = text.trim();
  if (!body.startsWith('+')) return undefined;
  const code = SHORTCODE.exec(body)?.[1];
  if (code) return { shortcode: code.toLowerCase() };
  const rest = body.slice(1).trim();
  return isSingleEmoji(rest) ? { emoji: rest } : undefined;
}

/** The emoji a command names, as Parley sends it (a custom one as `:name:`); undefined for a shortcode no emoji has. */
export async function resolveReactionCommand(
  command: ReactionCommand,
  isCustom: (name: string) => boolean = () => false,
): Promise<string | undefined> {
  if ('emoji' in command) return canonicalEmoji(command.emoji);
  const emoji = (await loadShortcodes().catch(() => undefined))?.byCode.get(command.shortcode);
  if (emoji) return canonicalEmoji(emoji);
  return isCustom(command.shortcode) ? `:${command.shortcode}:` : undefined;
}
