import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { API_PREFIX, LIMITS } from '@parley/protocol';
import type { Config } from './config.js';
import { AppError } from './errors.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/client.js';
import { ensureDefaultChannel } from './db/seed.js';
import { adminRoutes } from './features/admin/admin.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { ssoRoutes } from './features/sso/sso.routes.js';
import { hashToken, userForToken } from './features/auth/auth.service.js';
import { connectSessionBus } from './features/auth/session-bus.js';
import { SessionCache } from './features/auth/session-cache.js';
import { channelRoutes } from './features/channels/channels.routes.js';
import { keyRoutes } from './features/keys/keys.routes.js';
import { messageRoutes } from './features/messages/messages.routes.js';
import { userRoutes } from './features/users/users.routes.js';
import { installErrorHandler } from './http/error-handler.js';
import { clientErrorHandler } from './http/client-errors.js';
import { installJsonParser } from './http/json-parser.js';
import { publicRoutes } from './http/public.js';
import { recordRoutes } from './http/route-table.js';
import { installRateLimits, RateLimits } from './http/rate-limits.js';
import { installSecurity } from './http/security.js';
import { installOpenApi } from './features/openapi/openapi.routes.js';
import { installMetrics } from './observability/metrics.js';
import { installRequestId, requestIdOf, RequestLogController } from './observability/request-log.js';
import { SESSION_COOKIE } from './http/session.js';
import { installWebApp } from './http/web-app.js';
import { Realtime, type ParleyServer } from './realtime/realtime.js';
import { EventBus } from './events/bus.js';
import { FeedDelivery, ownChange } from './features/feed/feed-delivery.js';
import { feedRoutes } from './features/feed/feed.routes.js';
import { FEED_RETENTION_DAYS, pruneFeed } from './features/feed/feed.service.js';
import { reactionRoutes } from './features/reactions/reactions.routes.js';
import { threadRoutes } from './features/threads/threads.routes.js';
import { draftRoutes } from './features/drafts/drafts.routes.js';
import { mentionRoutes } from './features/mentions/mentions.routes.js';
import { searchRoutes } from './features/search/search.routes.js';
import { pinRoutes } from './features/pins/pins.routes.js';
import { LinkPreviews } from './features/link-previews/link-previews.service.js';
import { linkPreviewRoutes } from './features/link-previews/link-previews.routes.js';
import { OutgoingWebhooks } from './features/webhooks/outgoing.service.js';
import { outgoingWebhookRoutes } from './features/webhooks/outgoing.routes.js';
import { reminderRoutes } from './features/reminders/reminders.routes.js';
import { fireDueReminders, REMINDER_BATCH } from './features/reminders/reminders.service.js';
import { nextDue as nextReminder } from './features/reminders/reminders.repo.js';
import { scheduledRoutes } from './features/scheduled/scheduled.routes.js';
import { exportRoutes } from './features/export/export.routes.js';
import { AUDIT_RETENTION_DAYS, recordAccountChanges } from './features/audit/audit.service.js';
import { pruneEntries as pruneAudit } from './features/audit/audit.repo.js';
import {
  nextDue as nextScheduled,
  SCHEDULED_BATCH,
  sendDueMessages,
} from './features/scheduled/scheduled.service.js';
import { DueClock } from './jobs/due-clock.js';
import { fileRoutes } from './features/files/files.routes.js';
import { emojiRoutes } from './features/emoji/emoji.routes.js';
import { avatarRoutes } from './features/avatars/avatars.routes.js';
import { groupRoutes } from './features/groups/groups.routes.js';
import { webhookRoutes } from './features/webhooks/webhooks.routes.js';
import { botRoutes } from './features/bots/bots.routes.js';
import { botCommandRoutes } from './features/bots/bot-commands.routes.js';
import { botSessionId, userForBotToken } from './features/bots/bots.service.js';
import { importRoutes } from './features/import/import.routes.js';
import { stopImports } from './features/import/import-jobs.js';
import { sweepUnsentFiles, UNSENT_FILE_HOURS } from './features/files/files.sweep.js';
import { pruneHistory, stopPruning } from './features/retention/retention.service.js';
import { createSocketServer } from './realtime/socket-server.js';

export type Parley = { app: FastifyInstance; io: ParleyServer; ctx: AppContext; close: () => Promise<void> };

export type ParleyOptions = { logger?: boolean; serveWeb?: boolean };

/** Builds the whole server (HTTP API, socket server, web app) without listening. */
export async function createParley(
  config: Config,
  secret: string,
  opts: ParleyOptions = {},
): Promise<Parley> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: LIMITS.socketMaxBytes,
    trustProxy: 'loopback',
    // LOG_REQUESTS: one line per request with its id (an incoming X-Request-Id when sane).
    logController: new RequestLogController(config.logRequests),
    genReqId: requestIdOf,
    // A URL that is not valid UTF-8 (a lone surrogate, a cut sequence) gets the one envelope too.
    frameworkErrors: (_err, _req, reply) => {
      const error = new AppError('validation_failed', 'The URL is not valid.');
      void (reply as FastifyReply).status(error.status).send(error.toEnvelope());
    },
    clientErrorHandler,
  });
  const database = await openDatabase(config);
  const limits = new RateLimits(config);
  await ensureDefaultChannel(database.db);
  const ctx: AppContext = {
    config,
    secret,
    db: database.db,
    realtime: new Realtime(),
    events: new EventBus(app.log),
    log: app.log,
    loginLimiter: limits.loginFailures,
    limits,
    sessionCache: new SessionCache(),
  };

  recordRoutes(app);
  installRequestId(app);
  const metrics = installMetrics(app, ctx);
  installJsonParser(app);
  await app.register(cookie, { secret });
  await installSecurity(app, config);
  installErrorHandler(app);
  await app.register(
    async (api) => {
      for (const routes of [
        installRateLimits,
        publicRoutes,
        authRoutes,
        ssoRoutes,
        userRoutes,
        channelRoutes,
        messageRoutes,
        threadRoutes,
        draftRoutes,
        mentionRoutes,
        searchRoutes,
        pinRoutes,
        linkPreviewRoutes,
        reminderRoutes,
        scheduledRoutes,
        exportRoutes,
        fileRoutes,
        emojiRoutes,
        avatarRoutes,
        groupRoutes,
        webhookRoutes,
        outgoingWebhookRoutes,
        botRoutes,
        botCommandRoutes,
        importRoutes,
        reactionRoutes,
        feedRoutes,
        keyRoutes,
        adminRoutes,
      ]) {
        routes(api, ctx);
      }
    },
    { prefix: API_PREFIX },
  );
  installOpenApi(app);
  await installWebApp(app, ctx, opts.serveWeb ?? true);

  const io = createSocketServer(app.server, ctx, async (header, auth) => {
    // A bot connects with its token in Socket.IO's `auth`, as `{ token }`.
    if (typeof auth.token === 'string') {
      const user = await userForBotToken(ctx, auth.token);
      return user ? { user, sessionId: botSessionId(auth.token) } : undefined;
    }
    const raw = header ? app.parseCookie(header)[SESSION_COOKIE] : undefined;
    const unsigned = raw ? app.unsignCookie(raw) : undefined;
    if (!unsigned?.valid || !unsigned.value) return undefined;
    const user = await userForToken(ctx, unsigned.value);
    return user ? { user, sessionId: hashToken(unsigned.value) } : undefined;
  });
  const redis = config.redisUrl ? attachRedis(io, config.redisUrl, app) : [];
  // Sign-outs, deactivations and role changes reach every node's session cache at once.
  if (config.redisUrl) redis.push(...connectSessionBus(ctx.sessionCache, config.redisUrl, app.log));
  ctx.realtime.attach(io, redis[0]);
  ctx.realtime.multiNode = redis.length > 0;
  const delivery = new FeedDelivery(ctx.db, ctx.realtime, app.log);
  metrics?.watch(io, ctx, delivery);
  await delivery.start();
  const audit = recordAccountChanges(ctx);
  const previews = new LinkPreviews(ctx);
  const hooks = new OutgoingWebhooks(ctx);
  await hooks.start();
  const pruning = schedulePruning(ctx);
  const clocks = [
    new DueClock(ctx, {
      name: 'reminders',
      run: () => fireDueReminders(ctx),
      batch: REMINDER_BATCH,
      next: () => nextReminder(ctx.db),
      wakeOn: 'saved.changed',
    }),
    new DueClock(ctx, {
      name: 'scheduled messages',
      run: () => sendDueMessages(ctx),
      batch: SCHEDULED_BATCH,
      next: () => nextScheduled(ctx),
      wakeOn: 'scheduled.changed',
    }),
  ];
  for (const clock of clocks) clock.start();
  // Every committed change wakes this node's delivery, and the other nodes'.
  let wakeQueued = false;
  ctx.events.onAny((name, event) => {
    // The security log's events record nothing in the feed: no node has anything to read for them.
    if (name === 'account.changed') return;
    const own = ownChange(name, event);
    // A write delivered from its own answer needs no read; anything else (or a failure) reads the feed.
    let delivered = false;
    try {
      delivered = !!own && delivery.deliverOwn(own);
    } finally {
      if (!delivered) delivery.wake();
    }
    if (wakeQueued) return;
    wakeQueued = true;
    setImmediate(() => {
      wakeQueued = false;
      ctx.realtime.wakeOtherNodes();
    });
  });
  io.on('feed:wake', () => delivery.wake());

  return {
    app,
    io,
    ctx,
    close: async () => {
      // A request still sending its body would hold the HTTP server's close (io's and the app's) forever: after
      // a grace period, its connection is cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      delivery.stop();
      for (const clock of clocks) clock.stop();
      clearInterval(pruning);
      ctx.realtime.detach();
      await io.close();
      // Let disconnect handlers settle before their Redis connections go away.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await stopImports();
      await stopPruning(ctx);
      await app.close();
      clearTimeout(cut);
      await audit.settled();
      await previews.settled();
      await hooks.stop();
      await limits.close();
      // quit() lets commands already sent finish; a Redis that is down gets disconnected instead.
      await Promise.all(
        redis.map((client) =>
          Promise.race([client.quit().catch(() => {}), new Promise((r) => setTimeout(r, 1_000))]).then(() =>
            client.disconnect(),
          ),
        ),
      );
      await database.close();
    },
  };
}

function attachRedis(io: ParleyServer, url: string, app: FastifyInstance): Redis[] {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    client.on('error', (err) => app.log.warn({ err: err.message }, `redis ${name} error; retrying`));
    client.on('ready', () => app.log.info(`redis ${name} connected`));
  }
  io.adapter(createAdapter(pub, sub));
  return [pub, sub];
}

const HOUR_MS = 60 * 60 * 1000;
/** How long closing waits for requests under way before it cuts their connections. */
const CLOSE_GRACE_MS = 5_000;

/**
 * Drops history, feed changes and security log entries past their retention and unsent uploads, at
 * start and hourly; a failure waits for the next hour.
 */
function schedulePruning(ctx: AppContext): NodeJS.Timeout {
  const prune = () => {
    void pruneFeed(ctx.db, new Date(Date.now() - FEED_RETENTION_DAYS * 24 * HOUR_MS)).catch((err) =>
      ctx.log.warn({ err }, 'feed pruning failed'),
    );
    void pruneAudit(ctx.db, new Date(Date.now() - AUDIT_RETENTION_DAYS * 24 * HOUR_MS)).catch((err) =>
      ctx.log.warn({ err }, 'security log pruning failed'),
    );
    void sweepUnsentFiles(ctx, new Date(Date.now() - UNSENT_FILE_HOURS * HOUR_MS)).catch((err) =>
      ctx.log.warn({ err }, 'sweeping unsent files failed'),
    );
    void pruneHistory(ctx).catch((err) => ctx.log.warn({ err }, 'deleting history past retention failed'));
  };
  prune();
  const timer = setInterval(prune, HOUR_MS);
  timer.unref();
  return timer;
}
