import type { AppContext } from '../context.js';
import * as admin from './admin-cli.service.js';

export const USAGE = `Parley admin tool: npm run parley -- <command>
It uses the server's settings (DATA_DIR or DATABASE_URL). With the embedded database, stop the server first.

  create-user <username> [--admin] [--display-name <name>]
                              a new account (the first one is the owner)
  reset-password <username>   a new password; every session of the user ends
      For both, the password is the first line of standard input, or one generated and printed.
  promote <username>          make an admin
  set-role <username> <admin|member|guest>
  deactivate <username>       sign out everywhere and refuse sign-in; messages stay
  reactivate <username>
  sessions <username>         the user's live sessions
  two-factor-off <username>   turn off two-factor sign-in (a lost phone and lost recovery codes)
  create-bot <username> [--display-name <name>]
                              a bot account; prints its token (Authorization: Bearer <token>)
  bot-token <username>        a new token for a bot, printed; the old one stops at once
  check                       open the database, apply migrations, read every main table`;

const COMMANDS = [
  'create-user',
  'reset-password',
  'promote',
  'set-role',
  'deactivate',
  'reactivate',
  'sessions',
  'two-factor-off',
  'create-bot',
  'bot-token',
  'check',
];

type PasswordSource = () => Promise<{ password: string; generated: boolean }>;

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function usage(message: string): number {
  console.error(`${message}\n\n${USAGE}`);
  return 2;
}

/** Runs one command; returns the exit code (2 for a usage error). */
export async function runCommand(
  ctx: AppContext,
  command: string,
  args: string[],
  readPassword: PasswordSource,
): Promise<number> {
  if (!COMMANDS.includes(command)) return usage(`Unknown command: ${command}`);
  const [username] = args;
  const needsUser = command !== 'check';
  if (needsUser && (!username || username.startsWith('--'))) return usage(`${command} needs a username.`);
  const name = username ?? '';
  switch (command) {
    case 'create-user': {
      const { password, generated } = await readPassword();
      const user = await admin.createUser(ctx, {
        username: name,
        displayName: option(args, '--display-name'),
        password,
        role: args.includes('--admin') ? 'admin' : 'member',
      });
      console.log(`Created ${user.username} (${user.role}).`);
      if (generated) console.log(`Password: ${password}`);
      return 0;
    }
    case 'reset-password': {
      const { password, generated } = await readPassword();
      const ended = await admin.resetPassword(ctx, name, password);
      console.log(`New password set for ${name}; ${ended} session(s) ended.`);
      if (generated) console.log(`Password: ${password}`);
      return 0;
    }
    case 'promote':
    case 'set-role': {
      const role = command === 'promote' ? 'admin' : args[1];
      if (role !== 'admin' && role !== 'member' && role !== 'guest')
        return usage('The role is admin, member or guest.');
      const user = await admin.setRole(ctx, name, role);
      console.log(`${user.username} is now ${user.role}.`);
      return 0;
    }
    case 'deactivate':
    case 'reactivate': {
      const user = await admin.setActive(ctx, name, command === 'reactivate');
      console.log(`${user.username} is ${command}d.`);
      return 0;
    }
    case 'sessions': {
      const sessions = await admin.sessionsOf(ctx, name);
      if (!sessions.length) console.log(`${name} has no live session.`);
      for (const s of sessions)
        console.log(`${s.id}  last active ${s.lastActiveAt}  expires ${s.expiresAt}  ${s.userAgent}`);
      return 0;
    }
    case 'two-factor-off': {
      const wasOn = await admin.turnOffTwoFactor(ctx, name);
      console.log(wasOn ? `Two-factor sign-in is off for ${name}.` : `${name} did not have two-factor on.`);
      return 0;
    }
    case 'create-bot': {
      const { bot, token } = await admin.createBot(ctx, name, option(args, '--display-name'));
      console.log(`Created the bot ${bot.username}. Add it to channels as anyone. Its token:`);
      console.log(token);
      return 0;
    }
    case 'bot-token': {
      const { token } = await admin.renewBotToken(ctx, name);
      console.log(`A new token for ${name}; the old one has stopped:`);
      console.log(token);
      return 0;
    }
    case 'check': {
      const { version, counts } = await admin.checkDatabase(ctx);
      console.log(
        `Database: ${ctx.config.databaseUrl ? 'PostgreSQL' : `embedded, in ${ctx.config.dataDir}`}`,
      );
      console.log(version);
      console.log(
        Object.entries(counts)
          .map(([table, n]) => `${table}: ${n}`)
          .join(', '),
      );
      console.log('OK: migrations applied, every main table readable.');
      return 0;
    }
    default:
      return usage(`Unknown command: ${command}`);
  }
}
