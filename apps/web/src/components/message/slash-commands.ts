/** A command typed at the start of the composer, as in Slack: `/topic Release week`. */
export type SlashCommand = { name: string; args?: string; description: string };
export type TypedCommand = { name: string; rest: string };
/** A conversation's slash commands for its composers; `threadRootId` when run from a thread's. */
export type CommandSource = {
  commands: SlashCommand[];
  run: (command: TypedCommand, threadRootId?: string) => Promise<string | undefined>;
  want: () => void;
};

const SHRUG = '¯\\\\\\_(ツ)\\_/¯';

/** What the composer does itself, everywhere: they change the text that is sent. */
export const TEXT_COMMANDS: SlashCommand[] = [
  { name: 'me', args: '[what you are doing]', description: 'Posts it in italics, as an action' },
  { name: 'shrug', args: '[message]', description: 'Adds ¯\\_(ツ)_/¯ to your message' },
];

/**
 * `/name` or `/name text` at the very start (a space before it sends the text as it is); a slash
 * followed by anything else, such as a path (`/usr/bin`), is a message.
 */
export function parseSlash(raw: string): TypedCommand | undefined {
  const match = /^\/([a-z]+)(?:\s+([\s\S]*))?$/i.exec(raw.trimEnd());
  return match ? { name: match[1]!.toLowerCase(), rest: (match[2] ?? '').trim() } : undefined;
}

/** The text a text command sends, or undefined when it is no text command or has nothing to send. */
export function textCommandBody({ name, rest }: TypedCommand): string | undefined {
  if (name === 'shrug') return rest ? `${rest} ${SHRUG}` : SHRUG;
  // Italics that a `*` in the text cannot end early.
  if (name === 'me' && rest) return `_${rest.replace(/([\\_*])/g, '\\$1')}_`;
  return undefined;
}

/** Commands whose name starts with what follows the `/`, while no space has been typed. */
export function matchingCommands(text: string, commands: SlashCommand[]): SlashCommand[] {
  const typed = /^\/([a-z]*)$/i.exec(text)?.[1]?.toLowerCase();
  if (typed === undefined) return [];
  return commands.filter((c) => c.name.startsWith(typed));
}
