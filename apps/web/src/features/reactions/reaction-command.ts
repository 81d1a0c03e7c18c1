import { canonicalEmoji, loadShortcodes } from './shortcodes';

/** A message that is only `+:shortcode:` or `+emoji` reacts to the last message instead (Slack's habit). */
export type ReactionCommand = { shortcode: string } | { emoji: string };

const SHORTCODE = /^\+:([a-z0-9_+'-]+):$/i;
// Built at run time: the `v` flag is newer than the TypeScript target, but every browser Parley supports has it.
const ONE_EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

export function parseReactionCommand(text: string): ReactionCommand | undefined {
  const body = text.trim();
  if (!body.startsWith('+')) return undefined;
  const code = SHORTCODE.exec(body)?.[1];
  if (code) return { shortcode: code.toLowerCase() };
  const rest = body.slice(1).trim();
  return isSingleEmoji(rest) ? { emoji: rest } : undefined;
}

export function isSingleEmoji(text: string): boolean {
  // An emoji typed with or without its presentation selector is the same emoji.
  return ONE_EMOJI.test(text) || ONE_EMOJI.test(text.replace(/\uFE0F/g, ''));
}

/** The emoji a command names, as Parley sends it; undefined for a shortcode no emoji has. */
export async function resolveReactionCommand(command: ReactionCommand): Promise<string | undefined> {
  const index = await loadShortcodes().catch(() => undefined);
  if ('emoji' in command) return index ? canonicalEmoji(index, command.emoji) : command.emoji;
  return index?.byCode.get(command.shortcode);
}
