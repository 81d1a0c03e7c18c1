import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppContext } from '../context.js';
import { pingDatabase } from './health.repo.js';

export type CheckResult = 'ok' | 'failed' | 'not_configured';
export type Readiness = {
  status: 'ready' | 'unavailable';
  checks: { database: CheckResult; redis: CheckResult };
};

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(work: Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('failed'), CHECK_TIMEOUT_MS);
  });
  return Promise.race([
    work.then(
      () => 'ok' as const,
      () => 'failed' as const,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/** Whether this node can serve: the database answers a query and, when configured, Redis answers PING. */
export function readinessCheck(app: FastifyInstance, ctx: AppContext): () => Promise<Readiness> {
  // Its own connection, so a probe never queues behind the socket adapter's traffic.
  const redis = ctx.config.redisUrl
    ? new Redis(ctx.config.redisUrl, {
        lazyConnect: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
      })
    : undefined;
  redis?.on('error', () => {});
  app.addHook('onClose', async () => redis?.disconnect());
  const pingRedis = async () => {
    if (redis!.status === 'wait') await redis!.connect();
    await redis!.ping();
  };
  return async () => {
    const [database, cache] = await Promise.all([
      withTimeout(pingDatabase(ctx.db)),
      redis ? withTimeout(pingRedis()) : ('not_configured' as const),
    ]);
    const ready = database === 'ok' && cache !== 'failed';
    return { status: ready ? 'ready' : 'unavailable', checks: { database, redis: cache } };
  };
}
