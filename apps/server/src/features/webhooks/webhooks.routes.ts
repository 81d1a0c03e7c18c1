import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  API_PREFIX,
  CreateWebhookBody,
  IdParams,
  IncomingWebhookBody,
  WebhookTokenParams,
  type AdminWebhooksResponse,
  type CreatedWebhookResponse,
  type WebhooksResponse,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireAdmin, requireUser } from '../../http/session.js';
import * as webhooks from './webhooks.service.js';

/** A message's 16,000 characters, escaped, with room for the JSON around them. */
const HOOK_BODY_LIMIT = 128 * 1024;

export function webhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/channels/:id/webhooks', async (req): Promise<WebhooksResponse> => {
    const actor = await requireUser(ctx, req);
    return { webhooks: await webhooks.listWebhooks(ctx, actor, parse(IdParams, req.params).id) };
  });

  app.post('/channels/:id/webhooks', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { name } = parse(CreateWebhookBody, req.body);
    const { webhook, token } = await webhooks.createWebhook(ctx, actor, id, { name, address: req.ip });
    const body: CreatedWebhookResponse = { webhook, url: hookUrl(ctx, req, token) };
    return reply.status(201).send(body);
  });

  app.post('/webhooks/:id/url', async (req): Promise<CreatedWebhookResponse> => {
    const actor = await requireUser(ctx, req);
    const { id } = parse(IdParams, req.params);
    const { webhook, token } = await webhooks.renewWebhookUrl(ctx, actor, id, req.ip);
    return { webhook, url: hookUrl(ctx, req, token) };
  });

  app.delete('/webhooks/:id', async (req, reply) => {
    const actor = await requireUser(ctx, req);
    await webhooks.deleteWebhook(ctx, actor, parse(IdParams, req.params).id, req.ip);
    return reply.status(204).send();
  });

  app.get('/admin/webhooks', async (req): Promise<AdminWebhooksResponse> => {
    await requireAdmin(ctx, req);
    return { webhooks: await webhooks.listAllWebhooks(ctx) };
  });

  // Tools post here without a session: the URL's secret is the credential, so no cookie or CSRF header.
  void app.register(async (scope) => {
    // Slack's form: `payload=<JSON>`, as `curl --data-urlencode` sends it.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: HOOK_BODY_LIMIT },
      (_req, body, done) => {
        const payload = new URLSearchParams(String(body)).get('payload');
        try {
          done(null, payload === null ? undefined : JSON.parse(payload));
        } catch {
          done(new AppError('validation_failed', 'The payload field is not valid JSON.'), undefined);
        }
      },
    );
    scope.post('/hooks/:token', { bodyLimit: HOOK_BODY_LIMIT }, async (req) => {
      const { token } = parse(WebhookTokenParams, req.params);
      const message = await webhooks.postThroughWebhook(ctx, token, parse(IncomingWebhookBody, req.body));
      return { ok: true, messageId: message.id };
    });
  });
}

/** The URL a tool posts to: the configured API base when it names a host, else the host this request came to. */
function hookUrl(ctx: AppContext, req: FastifyRequest, token: string): string {
  const base = ctx.config.publicApiBase;
  const absolute = /^https?:\/\//.test(base) ? base : `${req.protocol}://${req.host}${base || API_PREFIX}`;
  return `${absolute.replace(/\/$/, '')}/hooks/${token}`;
}
