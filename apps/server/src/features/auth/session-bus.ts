import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Invalidation, SessionCache } from './session-cache.js';

const CHANNEL = 'parley:sessions';

function parseInvalidation(raw: string): Invalidation | undefined {
  try {
    const value = JSON.parse(raw) as Invalidation;
    const ids = value.sessionIds;
    if (ids !== undefined && !(Array.isArray(ids) && ids.every((id) => typeof id === 'string'))) return;
    if (value.userId !== undefined && typeof value.userId !== 'string') return;
    return { sessionIds: ids, userId: value.userId };
  } catch {
    return undefined;
  }
}

/** Carries session revocations and role changes to every node through Redis; returns its clients to close. */
export function connectSessionBus(cache: SessionCache, url: string, log: FastifyBaseLogger): Redis[] {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  for (const client of [pub, sub])
    client.on('error', (err) => log.warn({ err: err.message }, 'redis session bus error; retrying'));
  void sub.subscribe(CHANNEL).catch((err) => log.warn({ err }, 'session bus subscribe failed'));
  sub.on('message', (_channel, raw: string) => {
    const message = parseInvalidation(raw);
    if (message) cache.apply(message);
  });
  // A Redis that is down must not hold a sign-out for long: the other nodes' cache TTL covers it.
  cache.publish = (message) =>
    Promise.race([
      pub.publish(CHANNEL, JSON.stringify(message)).then(
        () => undefined,
        (err) => log.warn({ err }, 'session revocation not published; other nodes expire it'),
      ),
      new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref()),
    ]);
  return [pub, sub];
}
