import { createHmac, randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import {
  OutgoingWebhookAnswer,
  VERSION,
  type CreateOutgoingWebhookBody,
  type Message,
  type OutgoingWebhook,
  type OutgoingWebhookCall,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import type { Conn } from '../../db/client.js';
import { channels, outgoingWebhooks } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { accountChanged } from '../../events/account-changed.js';
import { FetchRefused, safeFetch } from '../../http/safe-fetch.js';
import { Background } from '../../jobs/background.js';
import { loadVisible } from '../channels/channels.service.js';
import { type Actor, canManage, requireActive, requireMember } from '../channels/permissions.js';
import { sendMessage } from '../messages/messages.service.js';
import { findUserById } from '../users/users.repo.js';
import { requireManager, WEBHOOKS_PER_CHANNEL } from './webhooks.service.js';

type Row = typeof outgoingWebhooks.$inferSelect;

const CALL_MS = 10_000;
const ANSWER_BYTES = 64 * 1024;
// Other nodes' additions and removals reach this node's list within this.
const RELOAD_MS = 30_000;
const CONCURRENCY = 4;
const MAX_WAITING = 500;

const toWebhook = (r: Row): OutgoingWebhook => ({
  id: r.id,
  channelId: r.channelId,
  name: r.name,
  url: r.url,
  triggerWords: r.triggerWords,
  createdBy: r.createdBy,
  createdAt: r.createdAt.toISOString(),
  lastCalledAt: r.lastCalledAt?.toISOString() ?? null,
  lastResult: r.lastResult,
});

/** Derived from the server's secret, so no copy of it is kept: a new one means a new webhook. */
const secretOf = (ctx: AppContext, id: string) =>
  createHmac('sha256', ctx.secret).update(`parley:outgoing-webhook:${id}`).digest('base64url');

export function signCall(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`v1:${timestamp}:${body}`).digest('hex')}`;
}

const callers = new WeakMap<AppContext, OutgoingWebhooks>();

export async function listOutgoing(ctx: AppContext, actor: Actor, channelId: string) {
  const { membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  return (await forChannel(ctx.db, channelId)).map(toWebhook);
}

const forChannel = (db: Conn, channelId: string) =>
  db
    .select()
    .from(outgoingWebhooks)
    .where(eq(outgoingWebhooks.channelId, channelId))
    .orderBy(asc(outgoingWebhooks.createdAt));

/** A channel's admins (and the instance's) send its messages out: a member could not take them elsewhere. */
export async function createOutgoing(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  input: CreateOutgoingWebhookBody,
  address: string,
) {
  const { channel, membership } = await loadVisible(ctx.db, actor, channelId);
  requireMember(membership);
  if (channel.kind === 'dm' || channel.kind === 'group')
    throw new AppError('forbidden', 'Webhooks work in channels, not in direct messages.');
  if (channel.encrypted)
    throw new AppError('forbidden', 'The server cannot read an encrypted channel, so it sends nothing out.');
  requireActive(channel);
  if (!canManage(actor, channel, membership))
    throw new AppError('forbidden', 'Only channel admins can add outgoing webhooks.');
  const [{ n }] = (await ctx.db
    .select({ n: count() })
    .from(outgoingWebhooks)
    .where(eq(outgoingWebhooks.channelId, channelId))) as [{ n: number }];
  if (Number(n) >= WEBHOOKS_PER_CHANNEL) throw new AppError('too_many_webhooks');
  const words = [...new Set(input.triggerWords.map((w) => w.toLowerCase()))];
  const [row] = await ctx.db
    .insert(outgoingWebhooks)
    .values({
      id: randomUUID(),
      channelId,
      createdBy: actor.id,
      name: input.name,
      url: input.url,
      triggerWords: words,
    })
    .returning();
  accountChanged(ctx, 'webhook_added', actor.id, actor.id, {
    detail: { name: row!.name, channel: channel.name, outgoing: true, url: row!.url },
    address,
  });
  await callers.get(ctx)?.reload();
  return { webhook: toWebhook(row!), secret: secretOf(ctx, row!.id) };
}

export async function deleteOutgoing(ctx: AppContext, actor: Actor, id: string, address: string) {
  const [row] = await ctx.db.select().from(outgoingWebhooks).where(eq(outgoingWebhooks.id, id));
  if (!row) throw new AppError('webhook_not_found');
  await requireManager(ctx, actor, row);
  await ctx.db.delete(outgoingWebhooks).where(eq(outgoingWebhooks.id, id));
  accountChanged(ctx, 'webhook_removed', actor.id, row.createdBy, {
    detail: { name: row.name, outgoing: true },
    address,
  });
  await callers.get(ctx)?.reload();
}

/** The first word a trigger, or any message when the webhook has none. */
export function triggerOf(text: string, words: string[]): string | null | undefined {
  if (words.length === 0) return null;
  const first = text.trim().split(/\s+/, 1)[0]!.toLowerCase();
  return words.includes(first) ? first : undefined;
}

/** Calls each channel's outgoing webhooks for the messages people send there, a few at a time. */
export class OutgoingWebhooks {
  private byChannel = new Map<string, Row[]>();
  private readonly work: Background;
  private readonly allowHosts: ReadonlySet<string>;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: AppContext) {
    this.work = new Background(CONCURRENCY, MAX_WAITING, ctx.log, 'outgoing webhook');
    this.allowHosts = new Set(ctx.config.outgoingWebhookPrivateHosts);
    callers.set(ctx, this);
    ctx.events.on('message.created', ({ message }) => {
      // A Map lookup for every send: a channel without webhooks costs nothing more.
      const hooks = this.byChannel.get(message.channelId);
      if (hooks) void this.consider(message, hooks).catch((err: unknown) => this.warn(err, message.id));
    });
  }

  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch(() => {}), RELOAD_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.work.settled();
  }

  async reload(): Promise<void> {
    const rows = await this.ctx.db.select().from(outgoingWebhooks);
    const next = new Map<string, Row[]>();
    for (const row of rows) next.set(row.channelId, [...(next.get(row.channelId) ?? []), row]);
    this.byChannel = next;
  }

  private async consider(message: Message, hooks: Row[]): Promise<void> {
    // Webhooks' and bots' own messages call nothing, so two integrations never answer each other forever.
    if (message.via || message.system || message.body === null) return;
    if (message.threadRootId && !message.alsoInChannel) return;
    const due = hooks.flatMap((hook) => {
      const trigger = triggerOf(message.body!, hook.triggerWords);
      return trigger === undefined ? [] : [{ hook, trigger }];
    });
    if (due.length === 0) return;
    const author = await findUserById(this.ctx.db, message.authorId);
    if (!author || author.bot) return;
    const [channel] = await this.ctx.db
      .select({ name: channels.name })
      .from(channels)
      .where(eq(channels.id, message.channelId));
    for (const { hook, trigger } of due) {
      if (!(await this.adderStays(hook))) continue;
      const call: OutgoingWebhookCall = {
        webhookId: hook.id,
        channelId: message.channelId,
        channelName: channel?.name ?? '',
        messageId: message.id,
        userId: author.id,
        userName: author.username,
        text: message.body!,
        triggerWord: trigger,
        createdAt: message.createdAt,
      };
      void this.work.add(() => this.call(hook, call), { messageId: message.id, webhookId: hook.id });
    }
  }

  /** Access taken from its adder (deactivated, or out of the channel) stops what they set up sending. */
  private async adderStays(hook: Row): Promise<boolean> {
    const adder = await findUserById(this.ctx.db, hook.createdBy);
    const membership =
      adder?.status === 'active'
        ? (await loadVisible(this.ctx.db, adder, hook.channelId).catch(() => undefined))?.membership
        : undefined;
    if (membership) return true;
    await this.note(hook, 'stopped: its adder left the channel or was deactivated');
    return false;
  }

  private async note(hook: Row, result: string): Promise<void> {
    await this.ctx.db
      .update(outgoingWebhooks)
      .set({ lastCalledAt: new Date(), lastResult: result })
      .where(eq(outgoingWebhooks.id, hook.id));
  }

  private async call(hook: Row, call: OutgoingWebhookCall): Promise<void> {
    const body = JSON.stringify(call);
    const timestamp = String(Math.floor(Date.now() / 1000));
    let result = 'ok';
    let answer: OutgoingWebhookAnswer | undefined;
    try {
      const res = await safeFetch(hook.url, {
        allowHosts: this.allowHosts,
        timeoutMs: CALL_MS,
        maxBytes: ANSWER_BYTES,
        accept: 'json',
        userAgent: `Parley/${VERSION} (outgoing webhook)`,
        post: {
          body,
          headers: {
            'content-type': 'application/json',
            'x-parley-timestamp': timestamp,
            'x-parley-signature': signCall(secretOf(this.ctx, hook.id), timestamp, body),
          },
        },
      });
      answer = parseAnswer(res.body);
    } catch (err) {
      if (!(err instanceof FetchRefused)) throw err;
      // A 2xx that is not JSON is a call that answered nothing.
      if (err.reason !== 'type') result = describeRefusal(err);
    }
    await this.note(hook, result);
    if (answer) await this.postAnswer(hook, answer);
  }

  /** As the webhook's adder under its name, through every check a send makes (left, archived, deactivated). */
  private async postAnswer(hook: Row, answer: OutgoingWebhookAnswer): Promise<void> {
    const author = await findUserById(this.ctx.db, hook.createdBy);
    if (!author || author.status !== 'active') return;
    await sendMessage(
      this.ctx,
      { id: author.id, role: author.role },
      hook.channelId,
      { clientId: randomUUID(), body: answer.text },
      { via: { webhookId: hook.id, name: answer.username ?? hook.name } },
    ).catch((err: unknown) => this.warn(err));
  }

  private warn(err: unknown, messageId?: string): void {
    this.ctx.log.warn({ err, messageId }, 'outgoing webhook failed');
  }
}

type OutgoingWebhookAnswer = { text: string; username?: string };

function parseAnswer(body: Buffer): OutgoingWebhookAnswer | undefined {
  try {
    const parsed = OutgoingWebhookAnswer.safeParse(JSON.parse(body.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function describeRefusal(err: FetchRefused): string {
  switch (err.reason) {
    case 'status':
      return err.message.replace(/^status /, 'HTTP ');
    case 'private':
      return 'refused: private address';
    case 'port':
      return 'refused: port';
    case 'scheme':
      return 'refused: address';
    case 'size':
      return 'answer too large';
    default:
      return err.reason;
  }
}
