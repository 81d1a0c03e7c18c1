import { and, asc, eq } from 'drizzle-orm';
import type { BotCommand } from '@parley/protocol';
import type { Conn } from '../../db/client.js';
import { botCommands, memberships, users } from '../../db/schema.js';

const toCommand = (row: typeof botCommands.$inferSelect): BotCommand => ({
  name: row.name,
  description: row.description,
  ...(row.args ? { args: row.args } : {}),
});

/** The bot's commands become exactly these. */
export async function replaceCommands(db: Conn, botId: string, commands: BotCommand[]): Promise<void> {
  await db.delete(botCommands).where(eq(botCommands.botId, botId));
  if (commands.length)
    await db
      .insert(botCommands)
      .values(
        commands.map((c) => ({ botId, name: c.name, description: c.description, args: c.args ?? null })),
      );
}

export async function listCommands(db: Conn, botId: string): Promise<BotCommand[]> {
  const rows = await db
    .select()
    .from(botCommands)
    .where(eq(botCommands.botId, botId))
    .orderBy(asc(botCommands.name));
  return rows.map(toCommand);
}

/** The commands of the active bots in a channel; where two answer one name, the first bot by username. */
export async function channelCommands(db: Conn, channelId: string) {
  const rows = await db
    .select({ command: botCommands, username: users.username })
    .from(botCommands)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, botCommands.botId), eq(memberships.channelId, channelId)),
    )
    .innerJoin(users, and(eq(users.id, botCommands.botId), eq(users.status, 'active')))
    .orderBy(asc(botCommands.name), asc(users.username));
  const seen = new Set<string>();
  return rows
    .filter((r) => !seen.has(r.command.name) && seen.add(r.command.name))
    .map((r) => ({ ...toCommand(r.command), botId: r.command.botId }));
}
