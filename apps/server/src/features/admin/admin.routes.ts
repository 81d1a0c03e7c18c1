import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AdminChannelsQuery,
  CreateInviteBody,
  UpdateSettingsBody,
  type AdminChannelsResponse,
  SafeString,
} from '@parley/protocol';
import { accountChanged } from '../../events/account-changed.js';
import type { AppContext } from '../../context.js';
import { AppError, parse } from '../../errors.js';
import { requireAdmin } from '../../http/session.js';
import { pruneHistory } from '../retention/retention.service.js';
import { retentionRoutes } from '../retention/retention.routes.js';
import { assertMayRequire, signOutThoseWithout } from '../two-factor/two-factor.service.js';
import { auditRoutes } from '../audit/audit.routes.js';
import { adminUserRoutes } from './admin-users.routes.js';
import * as repo from './admin.repo.js';

const CodeParams = z.strictObject({ code: SafeString.min(1).max(64) });
/** Invite links open at once: enough for any team, and a bound on a repeated press. */
const OPEN_INVITES_AT_MOST = 100;

export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const asAdmin = (req: FastifyRequest) => requireAdmin(ctx, req);

  app.get('/instance', async () => ({ settings: await repo.readSettings(ctx.db) }));

  app.get('/invites/:code', async (req) => {
    const { code } = parse(CodeParams, req.params);
    const invite = await repo.findInvite(ctx.db, code);
    const { name } = await repo.readSettings(ctx.db);
    return { invite: { code, valid: repo.isInviteValid(invite, new Date()), instanceName: name } };
  });

  app.get('/admin/settings', async (req) => {
    await asAdmin(req);
    return { settings: await repo.readSettings(ctx.db) };
  });

  app.patch('/admin/settings', async (req) => {
    const admin = await asAdmin(req);
    const body = parse(UpdateSettingsBody, req.body);
    const requiring = body.requireTwoFactor && !(await repo.readSettings(ctx.db)).requireTwoFactor;
    if (requiring) await assertMayRequire(ctx, admin);
    await repo.writeSettings(ctx.db, body);
    if (requiring) await signOutThoseWithout(ctx);
    accountChanged(ctx, 'settings_changed', admin.id, null, { detail: body, address: req.ip });
    // A shorter retention deletes at once, not at the next hour.
    if (body.messageRetentionDays)
      void pruneHistory(ctx).catch((err) => ctx.log.warn({ err }, 'deleting history past retention failed'));
    return { settings: await repo.readSettings(ctx.db) };
  });

  app.get('/admin/channels', async (req): Promise<AdminChannelsResponse> => {
    await asAdmin(req);
    const { q } = parse(AdminChannelsQuery, req.query);
    return { channels: await repo.findChannelsByName(ctx.db, q ?? '') };
  });

  app.get('/admin/invites', async (req) => {
    await asAdmin(req);
    return { invites: (await repo.listInvites(ctx.db)).map(repo.toInvite) };
  });

  app.post('/admin/invites', async (req, reply) => {
    const admin = await asAdmin(req);
    const body = parse(CreateInviteBody, req.body === undefined ? {} : req.body);
    if ((await repo.countOpenInvites(ctx.db)) >= OPEN_INVITES_AT_MOST) throw new AppError('too_many_invites');
    const row = await repo.insertInvite(ctx.db, {
      code: randomBytes(12).toString('base64url'),
      createdBy: admin.id,
      maxUses: body.maxUses ?? null,
      expiresAt: body.expiresInHours ? new Date(Date.now() + body.expiresInHours * 3_600_000) : null,
    });
    accountChanged(ctx, 'invite_created', admin.id, null, {
      detail: { maxUses: row.maxUses, expiresAt: row.expiresAt?.toISOString() ?? null },
    });
    return reply.status(201).send({ invite: repo.toInvite(row) });
  });

  app.delete('/admin/invites/:code', async (req, reply) => {
    const admin = await asAdmin(req);
    if (!(await repo.revokeInvite(ctx.db, parse(CodeParams, req.params).code)))
      throw new AppError('not_found');
    accountChanged(ctx, 'invite_revoked', admin.id, null);
    return reply.status(204).send();
  });

  adminUserRoutes(app, ctx, asAdmin);
  auditRoutes(app, ctx, asAdmin);
  retentionRoutes(app, ctx, asAdmin);
}
