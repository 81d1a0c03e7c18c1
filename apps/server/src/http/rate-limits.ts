import { availableParallelism } from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { API_PREFIX } from '@parley/protocol';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { LoginLimiter } from '../features/auth/rate-limit.js';
import { RateLimitedError } from './rate-limited-error.js';
import { requireUser } from './session.js';
import { WorkQueue } from './work-queue.js';

type Rule = { points: number; durationS: number; by: 'address' | 'user' | 'webhook' };

/** Budgets: `points` requests per `durationS` seconds, so a burst of `points` then the average rate. */
export const RATE_RULES = {
  login: { points: 30, durationS: 300, by: 'address' },
  register: { points: 10, durationS: 3600, by: 'address' },
  // A single sign-on trip is two requests, start and return, the provider having checked the person.
  sso: { points: 60, durationS: 300, by: 'address' },
  send: { points: 30, durationS: 3, by: 'user' },
  reaction: { points: 30, durationS: 10, by: 'user' },
  // Each is a fetch from another site: a screenful of previews, then about two a second.
  previewImage: { points: 60, durationS: 30, by: 'user' },
  channelCreate: { points: 20, durationS: 3600, by: 'user' },
  dmCreate: { points: 60, durationS: 600, by: 'user' },
  memberAdd: { points: 120, durationS: 600, by: 'user' },
  invite: { points: 30, durationS: 3600, by: 'user' },
  groupWrite: { points: 60, durationS: 600, by: 'user' },
  avatar: { points: 20, durationS: 3600, by: 'user' },
  readAll: { points: 10, durationS: 60, by: 'user' },
  reminder: { points: 60, durationS: 600, by: 'user' },
  schedule: { points: 60, durationS: 600, by: 'user' },
  export: { points: 10, durationS: 3600, by: 'user' },
  twoFactor: { points: 30, durationS: 600, by: 'user' },
  // Webhooks and bots: each makes a secret, so a repeated press is bounded.
  webhookWrite: { points: 30, durationS: 3600, by: 'user' },
  slackImport: { points: 10, durationS: 3600, by: 'user' },
  // Settings changes, and retention's question, which counts the whole history.
  adminSettings: { points: 60, durationS: 600, by: 'user' },
  // As Slack's: about one a second, with room for a burst.
  webhookPost: { points: 60, durationS: 60, by: 'webhook' },
} satisfies Record<string, Rule>;

export type RateRule = keyof typeof RATE_RULES;

const ROUTES: Record<string, RateRule> = {
  'POST /auth/login': 'login',
  'GET /auth/sso/start': 'sso',
  'GET /auth/sso/callback': 'sso',
  'POST /auth/register': 'register',
  'POST /auth/login/code': 'login',
  'POST /auth/login/setup': 'login',
  'POST /auth/login/enable': 'login',
  'POST /auth/two-factor/setup': 'twoFactor',
  'POST /auth/two-factor/enable': 'twoFactor',
  'POST /auth/two-factor/recovery-codes': 'twoFactor',
  'POST /auth/two-factor/disable': 'twoFactor',
  'POST /channels/:id/messages': 'send',
  'PATCH /messages/:id': 'send',
  'DELETE /messages/:id': 'send',
  'PUT /messages/:id/reactions/:emoji': 'reaction',
  'DELETE /messages/:id/reactions/:emoji': 'reaction',
  'DELETE /messages/:id/previews': 'send',
  'GET /previews/image': 'previewImage',
  'POST /channels': 'channelCreate',
  'POST /dms': 'dmCreate',
  'POST /channels/:id/members': 'memberAdd',
  'POST /admin/invites': 'invite',
  'POST /groups': 'groupWrite',
  'PATCH /groups/:id': 'groupWrite',
  'PUT /groups/:id/members': 'groupWrite',
  'DELETE /groups/:id': 'groupWrite',
  'PUT /users/me/avatar': 'avatar',
  'POST /channels/read': 'readAll',
  'DELETE /users/me/avatar': 'avatar',
  'PUT /messages/:id/reminder': 'reminder',
  'DELETE /messages/:id/reminder': 'reminder',
  'POST /channels/:id/scheduled': 'schedule',
  'PATCH /scheduled/:id': 'schedule',
  'DELETE /scheduled/:id': 'schedule',
  'POST /scheduled/:id/send': 'send',
  'GET /channels/:id/export': 'export',
  'POST /channels/:id/webhooks': 'webhookWrite',
  'DELETE /webhooks/:id': 'webhookWrite',
  'POST /channels/:id/outgoing-webhooks': 'webhookWrite',
  'DELETE /outgoing-webhooks/:id': 'webhookWrite',
  'POST /webhooks/:id/url': 'webhookWrite',
  'POST /admin/bots': 'webhookWrite',
  'POST /admin/bots/:id/token': 'webhookWrite',
  'DELETE /admin/bots/:id': 'webhookWrite',
  'PUT /bots/me/commands': 'groupWrite',
  'POST /channels/:id/commands/:name': 'send',
  'POST /channels/:id/ephemeral': 'send',
  'POST /admin/import/slack': 'slackImport',
  'POST /admin/import/slack/links': 'slackImport',
  'PATCH /admin/settings': 'adminSettings',
  'GET /admin/retention': 'adminSettings',
  'PUT /channels/:id/retention': 'adminSettings',
};

// Argon2 takes ~20 ms of a core: each node starts at most 20 in 2 s, half its cores hash, 20 may wait.
export const HASH_BUDGET = { points: 20, duration: 2 };
const HASH_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));
const HASH_MAX_WAITING = 20;

/** Request budgets per address and per user (in Redis when set, so all nodes share them) and the hashing line. */
export class RateLimits {
  readonly loginFailures: LoginLimiter;
  /** Wrong two-factor codes per account from every address: the password alone must not allow a million guesses. */
  readonly codeFailures: LoginLimiter;
  private readonly limiters = new Map<RateRule, RateLimiterAbstract>();
  private readonly hashing = new WorkQueue(HASH_CONCURRENCY, HASH_MAX_WAITING);
  // Per node, in memory: it guards this node's cores, whatever the others do.
  private readonly hashBudget = new RateLimiterMemory(HASH_BUDGET);
  private readonly redis: Redis | undefined;

  constructor(private readonly config: Pick<Config, 'redisUrl' | 'rateLimits'>) {
    this.redis = config.redisUrl
      ? new Redis(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
      : undefined;
    // Errors are retried by ioredis; meanwhile the in-memory insurance limiters count.
    this.redis?.on('error', () => {});
    this.loginFailures = new LoginLimiter(this.redis);
    this.codeFailures = new LoginLimiter(this.redis, 20, 3_600_000, 'parley:code-failures');
    for (const [name, rule] of Object.entries(RATE_RULES) as [RateRule, Rule][]) {
      const options = { points: rule.points, duration: rule.durationS, keyPrefix: `parley:rate:${name}` };
      this.limiters.set(
        name,
        this.redis
          ? new RateLimiterRedis({
              ...options,
              storeClient: this.redis,
              insuranceLimiter: new RateLimiterMemory(options),
            })
          : new RateLimiterMemory(options),
      );
    }
  }

  get enabled(): boolean {
    return this.config.rateLimits;
  }

  /** Takes one request from `key`'s budget, or throws rate_limited with when to try again. */
  async consume(rule: RateRule, key: string): Promise<void> {
    if (!this.enabled) return;
    try {
      await this.limiters.get(rule)!.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new RateLimitedError(err.msBeforeNext);
      throw err;
    }
  }

  /** Password hashing and checking have a budget and one bounded line, so a flood of logins cannot take the cores. */
  async hash<T>(job: () => Promise<T>): Promise<T> {
    if (!this.enabled) return job();
    await this.hashBudget.consume('node').catch((err: unknown) => {
      throw err instanceof RateLimiterRes ? new RateLimitedError(err.msBeforeNext) : err;
    });
    return this.hashing.run(job);
  }

  async close(): Promise<void> {
    this.redis?.disconnect();
  }
}

/** Applies RATE_RULES to their routes before the handler runs; unauthenticated callers are left to the route. */
export function installRateLimits(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', async (req: FastifyRequest) => {
    if (!ctx.limits.enabled) return;
    const rule = ROUTES[`${req.method} ${req.routeOptions.url?.slice(API_PREFIX.length)}`];
    if (!rule) return;
    if (RATE_RULES[rule].by === 'address') return ctx.limits.consume(rule, req.ip);
    const user = await requireUser(ctx, req).catch(() => undefined);
    if (user) await ctx.limits.consume(rule, user.id);
  });
}
