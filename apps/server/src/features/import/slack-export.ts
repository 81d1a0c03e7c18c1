import { unzipSync } from 'fflate';
import { z } from 'zod';
import { wellFormed } from '@parley/protocol';
import { AppError } from '../../errors.js';

// Slack adds fields over the years: read the ones Parley uses, ignore the rest.
const Text = z.string().max(40_000).refine(wellFormed);
const SlackId = z.string().regex(/^[A-Z0-9]{2,24}$/);
const Ts = z.string().regex(/^\d{9,10}\.\d{1,6}$/);

const SlackUser = z.looseObject({
  id: SlackId,
  name: Text,
  deleted: z.boolean().optional(),
  is_bot: z.boolean().optional(),
  real_name: Text.optional(),
  profile: z.looseObject({ real_name: Text.optional(), display_name: Text.optional() }).optional(),
});
export type SlackUser = z.infer<typeof SlackUser>;

const SlackChannel = z.looseObject({
  id: SlackId,
  name: Text,
  created: z.number().int().nonnegative().optional(),
  creator: SlackId.optional(),
  is_archived: z.boolean().optional(),
  members: z.array(SlackId).max(100_000).optional(),
  topic: z.looseObject({ value: Text }).optional(),
  purpose: z.looseObject({ value: Text }).optional(),
});
export type SlackChannel = z.infer<typeof SlackChannel> & { private: boolean };

const SlackMessage = z.looseObject({
  type: z.literal('message'),
  subtype: z.string().max(64).optional(),
  user: SlackId.optional(),
  username: Text.optional(),
  bot_profile: z.looseObject({ name: Text.optional() }).optional(),
  text: Text.optional(),
  ts: Ts,
  thread_ts: Ts.optional(),
  pinned_to: z.array(SlackId).max(100).optional(),
  edited: z.looseObject({ ts: Ts }).optional(),
  reactions: z
    .array(z.looseObject({ name: z.string().max(100), users: z.array(SlackId).max(10_000) }))
    .max(200)
    .optional(),
  files: z
    .array(z.looseObject({ name: Text.optional(), title: Text.optional() }))
    .max(100)
    .optional(),
});
export type SlackMessage = z.infer<typeof SlackMessage>;

export type SlackExport = {
  users: SlackUser[];
  channels: SlackChannel[];
  /** Each channel's messages by its folder (the channel's name), oldest first. */
  messagesOf: (channel: SlackChannel) => SlackMessage[];
  /** Messages that could not be read (not Slack's shape, NUL characters, lone surrogates). */
  unreadable: () => number;
};

/** The largest single file and the whole export, unpacked: bounds on what one upload may make the server hold. */
const FILE_MAX = 64 * 1024 * 1024;
const TOTAL_MAX = 256 * 1024 * 1024;
const DAY_FILE = /^([^/]+)\/\d{4}-\d{2}-\d{2}\.json$/;

/** Reads a Slack workspace export (.zip): its people, public and private channels, and their messages. */
export function readSlackExport(zip: Uint8Array): SlackExport {
  let total = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip, {
      filter: (f) => {
        if (!f.name.endsWith('.json')) return false;
        if (f.originalSize > FILE_MAX || (total += f.originalSize) > TOTAL_MAX)
          throw new AppError('payload_too_large', 'The export unpacks to more than 256 MB.');
        return true;
      },
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('validation_failed', 'That file is not a .zip archive.');
  }
  // An export zipped from its folder puts every file under that folder's name.
  const prefix = Object.keys(files)
    .find((n) => n.endsWith('users.json'))
    ?.slice(0, -'users.json'.length);
  if (prefix === undefined || !/^([^/]+\/)?$/.test(prefix))
    throw new AppError('validation_failed', 'Not a Slack export: it has no users.json.');
  const json = (name: string): unknown => {
    const bytes = files[`${prefix}${name}`];
    if (!bytes) return undefined;
    try {
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw new AppError('validation_failed', `Not a Slack export: ${name} is not JSON.`);
    }
  };
  const list = <T>(name: string, schema: z.ZodType<T>): T[] => {
    const parsed = z
      .array(schema)
      .max(100_000)
      .safeParse(json(name) ?? []);
    if (!parsed.success)
      throw new AppError('validation_failed', `Not a Slack export: ${name} has another shape.`);
    return parsed.data;
  };
  const users = list('users.json', SlackUser);
  const channels: SlackChannel[] = [
    ...list('channels.json', SlackChannel).map((c) => ({ ...c, private: false })),
    ...list('groups.json', SlackChannel).map((c) => ({ ...c, private: true })),
  ];
  const days = new Map<string, string[]>();
  for (const name of Object.keys(files)) {
    const folder = name.startsWith(prefix) ? DAY_FILE.exec(name.slice(prefix.length))?.[1] : undefined;
    if (folder) days.set(folder, [...(days.get(folder) ?? []), name]);
  }
  let unreadable = 0;
  return {
    users,
    channels,
    messagesOf: (channel) => {
      const out: SlackMessage[] = [];
      for (const name of (days.get(channel.name) ?? []).sort()) {
        const raw = json(name.slice(prefix.length));
        for (const item of Array.isArray(raw) ? raw : []) {
          const parsed = SlackMessage.safeParse(item);
          if (parsed.success) out.push(parsed.data);
          else if ((item as { type?: unknown })?.type === 'message') unreadable++;
        }
      }
      return out.sort((a, b) => Number(a.ts) - Number(b.ts));
    },
    unreadable: () => unreadable,
  };
}
