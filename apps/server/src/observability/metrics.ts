import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import pg from 'pg';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import type { ParleyServer } from '../realtime/realtime.js';

export const METRICS_PATH = '/metrics';

/** Counters kept in memory and read when Prometheus scrapes; nothing is logged or written per request. */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'parley_http_requests_total',
    help: 'HTTP requests answered, by method, route and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'parley_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [this.registry],
  });
  readonly messagesSent = new Counter({
    name: 'parley_messages_sent_total',
    help: 'Messages posted on this node.',
    registers: [this.registry],
  });
  readonly domainEvents = new Counter({
    name: 'parley_domain_events_total',
    help: 'Committed changes published on this node, by kind.',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });
  readonly feedDeliveries = new Counter({
    name: 'parley_feed_deliveries_total',
    help: 'Feed changes this node delivered to its sockets.',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'parley_' });
  }

  observeRequest(req: FastifyRequest, reply: FastifyReply): void {
    // Unmatched URLs share one label, so scanners cannot grow the series without bound.
    const route = req.routeOptions.url ?? 'unmatched';
    this.requests.inc({ method: req.method, route, status: reply.statusCode });
    this.latency.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  }

  /** Gauges read at scrape time from what already counts them. */
  watch(io: ParleyServer, ctx: AppContext, delivery: { reads: number }): void {
    new Gauge({
      name: 'parley_sockets_connected',
      help: 'Sockets connected to this node.',
      registers: [this.registry],
      collect() {
        this.set(io.engine.clientsCount);
      },
    });
    const written = ctx.realtime.batchesWritten;
    // Counters kept by the delivery itself, read at scrape time.
    const counted: [name: string, help: string, read: () => number][] = [
      [
        'parley_feed_batches_total',
        'Times this node wrote several feed changes to its sockets together.',
        () => written.batches,
      ],
      ['parley_feed_batched_changes_total', 'Feed changes written in those batches.', () => written.changes],
      [
        'parley_feed_reads_total',
        'Pages this node read from the sync feed to deliver changes that could not go straight from their write.',
        () => delivery.reads,
      ],
    ];
    for (const [name, help, read] of counted)
      new Counter({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    const client = (ctx.db as unknown as { $client: unknown }).$client;
    if (!(client instanceof pg.Pool)) return;
    new Gauge({
      name: 'parley_db_pool_connections',
      help: 'PostgreSQL pool connections, by state.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        this.set({ state: 'total' }, client.totalCount);
        this.set({ state: 'idle' }, client.idleCount);
        this.set({ state: 'waiting' }, client.waitingCount);
      },
    });
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** With METRICS_TOKEN set: counts every request and serves GET /metrics to that bearer token. */
export function installMetrics(app: FastifyInstance, ctx: AppContext): Metrics | undefined {
  const token = ctx.config.metricsToken;
  if (!token) return undefined;
  const metrics = new Metrics();
  app.addHook('onResponse', (req, reply, done) => {
    metrics.observeRequest(req, reply);
    done();
  });
  ctx.events.on('message.created', () => metrics.messagesSent.inc());
  ctx.events.onAny((name) => metrics.domainEvents.inc({ event: name }));
  // Counted where the change leaves for the sockets, without a hook in the delivery loop itself.
  const deliver = ctx.realtime.deliver.bind(ctx.realtime);
  ctx.realtime.deliver = (change) => {
    metrics.feedDeliveries.inc();
    deliver(change);
  };
  app.get(METRICS_PATH, async (req, reply) => {
    if (!tokenMatches(req.headers.authorization, token)) throw new AppError('unauthenticated');
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
  return metrics;
}
