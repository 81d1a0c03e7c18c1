import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
// A proxy's id is kept when it is short and plain, so it cannot forge log structure or grow lines.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;
// Probes and scrapes every few seconds would drown the lines that matter.
const QUIET = new Set(['/api/v1/health', '/api/v1/health/ready', '/metrics']);

/** The incoming X-Request-Id when sane, else a new UUID, unique across nodes. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** One JSON line per request when it completes, instead of Fastify's two; errors are logged either way. */
export class RequestLogController extends LogController {
  constructor(private readonly enabled: boolean) {
    super({ disableRequestLogging: !enabled });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    if (!this.enabled || (!error && QUIET.has(request.routeOptions.url ?? ''))) return;
    // Fastify's serializers turn these into method, url, host, remoteAddress and statusCode.
    const line = {
      req: request,
      route: request.routeOptions.url,
      res: reply,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** Every answer names its request id, so a user's report can be matched to the log line. */
export function installRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}
