import type { FastifyInstance } from 'fastify';
import {
  EnableTwoFactorBody,
  PasswordCheckBody,
  type RecoveryCodesResponse,
  type TwoFactorResponse,
  type TwoFactorSetupResponse,
} from '@parley/protocol';
import type { AppContext } from '../../context.js';
import { parse } from '../../errors.js';
import { requireUser } from '../../http/session.js';
import * as service from './two-factor.service.js';

/** The caller's own two-factor sign-in: every change but the first code asks the password again. */
export function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/auth/two-factor', async (req): Promise<TwoFactorResponse> => {
    const user = await requireUser(ctx, req);
    return { twoFactor: await service.state(ctx, user.id) };
  });

  app.post('/auth/two-factor/setup', async (req): Promise<TwoFactorSetupResponse> => {
    const { password } = parse(PasswordCheckBody, req.body);
    const user = await requireUser(ctx, req);
    return { setup: await service.startSetup(ctx, user, password, req.ip) };
  });

  app.post('/auth/two-factor/enable', async (req): Promise<RecoveryCodesResponse> => {
    const { code } = parse(EnableTwoFactorBody, req.body);
    return service.enable(ctx, await requireUser(ctx, req), code, req.ip);
  });

  app.post('/auth/two-factor/recovery-codes', async (req): Promise<RecoveryCodesResponse> => {
    const { password } = parse(PasswordCheckBody, req.body);
    return service.renewRecoveryCodes(ctx, await requireUser(ctx, req), password, req.ip);
  });

  app.post('/auth/two-factor/disable', async (req): Promise<TwoFactorResponse> => {
    const { password } = parse(PasswordCheckBody, req.body);
    const user = await requireUser(ctx, req);
    return { twoFactor: await service.disable(ctx, user, password, req.ip) };
  });
}
