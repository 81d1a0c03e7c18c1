import * as oidc from 'openid-client';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { accountChanged } from '../../events/account-changed.js';
import { storeAccount, usernameTaken, welcome } from '../auth/auth.service.js';
import { NO_PASSWORD } from '../auth/passwords.service.js';
import { createSession, signedIn, type SessionMeta } from '../auth/sessions.service.js';
import { findUserById, lockRegistrations, type UserRow } from '../users/users.repo.js';
import type { Flow } from './sso.flow.js';
import { baseUsername, displayNameOf, emailOf, usernameChoices, type Claims } from './sso.profile.js';
import { SsoProvider } from './sso.provider.js';
import * as repo from './sso.repo.js';

const providers = new WeakMap<AppContext, SsoProvider>();

/** The server's provider, or undefined when single sign-on is not set up. */
export function providerFor(ctx: AppContext): SsoProvider | undefined {
  if (!ctx.config.oidc) return undefined;
  let provider = providers.get(ctx);
  if (!provider) providers.set(ctx, (provider = new SsoProvider(ctx.config.oidc)));
  return provider;
}

/** Where to send the browser at the provider, and the flow it must bring back; throws if the provider is unreachable. */
export async function start(
  provider: SsoProvider,
  redirectUri: string,
  wanted: Pick<Flow, 'next' | 'invite' | 'linkUserId'>,
): Promise<{ url: string; flow: Flow }> {
  const config = await provider.configuration();
  const flow: Flow = {
    ...wanted,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    startedAt: Date.now(),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: 'S256',
  });
  return { url: url.href, flow };
}

type Finish = { currentUrl: URL; flow: Flow; sessionUserId: string | undefined; meta: SessionMeta };

/** Checks the provider's answer; then signs in (a new account if it is new here), or connects the signed-in account. */
export async function finish(
  ctx: AppContext,
  provider: SsoProvider,
  { currentUrl, flow, sessionUserId, meta }: Finish,
): Promise<{ token: string } | { linked: true }> {
  const { issuer, subject, claims } = await verifiedClaims(ctx, provider, currentUrl, flow);
  const email = emailOf(claims);
  const owner = await repo.findIdentity(ctx.db, issuer, subject);
  if (flow.linkUserId) {
    // The browser's session must still be the one that asked: else a sign-in meant for it was carried elsewhere.
    if (sessionUserId !== flow.linkUserId) throw new AppError('sso_expired');
    if (owner && owner.userId !== sessionUserId) throw new AppError('sso_taken');
    await repo.saveIdentity(ctx.db, { issuer, subject, userId: sessionUserId, email });
    accountChanged(ctx, 'sso_linked', sessionUserId, sessionUserId, {
      address: meta.address,
      detail: { with: provider.name },
    });
    return { linked: true };
  }
  let user: UserRow | undefined;
  if (owner) {
    user = await findUserById(ctx.db, owner.userId);
    await repo.touchIdentity(ctx.db, issuer, subject, email);
  } else {
    user = await createAccount(ctx, provider, { issuer, subject, claims, email }, flow.invite, meta.address);
  }
  if (!user) throw new AppError('sso_failed');
  if (user.status !== 'active') throw new AppError('account_deactivated');
  const token = await createSession(ctx, user.id, meta);
  signedIn(ctx, user.id, meta.address, provider.name);
  return { token };
}

/** The provider's word on who this is: the code exchanged with PKCE, and the ID token's state, nonce and signature checked. */
async function verifiedClaims(ctx: AppContext, provider: SsoProvider, currentUrl: URL, flow: Flow) {
  const config = await provider.configuration().catch((err: unknown) => {
    ctx.log.warn({ err }, 'single sign-on: the provider could not be reached');
    throw new AppError('sso_unavailable');
  });
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    let claims: Claims = idClaims;
    // Some providers put only the subject in the ID token; the rest is at userinfo.
    if (
      !idClaims.preferred_username &&
      !idClaims.email &&
      !idClaims.name &&
      config.serverMetadata().userinfo_endpoint
    )
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
    return { issuer: config.serverMetadata().issuer, subject: idClaims.sub, claims };
  } catch (err) {
    ctx.log.warn({ err }, 'single sign-on: the provider’s answer was refused');
    throw new AppError('sso_failed');
  }
}

type Identity = { issuer: string; subject: string; claims: Claims; email: string | null };

/** A new account named after what the provider calls them, with no password until a reset link sets one. */
async function createAccount(
  ctx: AppContext,
  provider: SsoProvider,
  identity: Identity,
  invite: string | undefined,
  address: string,
): Promise<UserRow | undefined> {
  const made = await ctx.db.transaction(async (tx) => {
    await lockRegistrations(tx);
    // Two tabs coming back at once: the second finds the first's account.
    const again = await repo.findIdentity(tx, identity.issuer, identity.subject);
    if (again) return { user: await findUserById(tx, again.userId), created: false };
    let username = '';
    for (const choice of usernameChoices(baseUsername(identity.claims)))
      if (!(await usernameTaken(tx, choice))) {
        username = choice;
        break;
      }
    const displayName = displayNameOf(identity.claims, username);
    const user = await storeAccount(tx, { username, displayName, passwordHash: NO_PASSWORD }, invite);
    const { issuer, subject, email } = identity;
    await repo.saveIdentity(tx, { issuer, subject, email, userId: user.id });
    return { user, created: true };
  });
  if (made.created && made.user) await welcome(ctx, made.user, address, provider.name);
  return made.user;
}
