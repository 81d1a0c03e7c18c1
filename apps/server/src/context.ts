import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { LoginLimiter } from './features/auth/rate-limit.js';
import type { SessionCache } from './features/auth/session-cache.js';
import type { EventBus } from './events/bus.js';
import type { RateLimits } from './http/rate-limits.js';
import type { Realtime } from './realtime/realtime.js';

/** What services need: passed explicitly, so tests can build their own. */
export type AppContext = {
  config: Config;
  secret: string;
  db: Db;
  realtime: Realtime;
  events: EventBus;
  log: FastifyBaseLogger;
  loginLimiter: LoginLimiter;
  limits: RateLimits;
  sessionCache: SessionCache;
};
