import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** A person at the provider: their subject and the claims it tells about them. */
export type IdpUser = { sub: string; preferred_username?: string; name?: string; email?: string };
type Grant = { redirectUri: string; challenge: string; nonce: string; login: string; used: boolean };

/**
 * A small OpenID Connect provider for tests: discovery, a sign-in page, the code flow with PKCE
 * (S256 only), client_secret_post or _basic, RS256 ID tokens and userinfo. `tamper` makes its next
 * ID tokens wrong in one way, to see a client refuse them.
 */
export async function startOidcProvider(client: { id: string; secret: string }) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const users = new Map<string, IdpUser>();
  const redirects = new Set<string>();
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, IdpUser>();
  const tamper: { nonce?: string; audience?: string } = {};
  let issuer = '';

  const idToken = (user: IdpUser, nonce: string) =>
    new SignJWT({ ...user, nonce: tamper.nonce ?? nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(issuer)
      .setAudience(tamper.audience ?? client.id)
      .setSubject(user.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: object) =>
      res
        .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify(body));
    const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
    if (url.pathname === '/.well-known/openid-configuration')
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        authorization_response_iss_parameter_supported: true,
      });
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize' && req.method === 'GET') {
      const q = url.searchParams;
      const bad =
        q.get('client_id') !== client.id ||
        !redirects.has(q.get('redirect_uri') ?? '') ||
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256' ||
        !q.get('code_challenge') ||
        !q.get('scope')?.split(' ').includes('openid');
      if (bad) return res.writeHead(400, { 'content-type': 'text/plain' }).end('bad authorization request');
      return res.writeHead(200, { 'content-type': 'text/html' }).end(signInPage(q, [...users.keys()]));
    }
    if (url.pathname === '/authorize' && req.method === 'POST') {
      const back = new URL(form.get('redirect_uri') ?? '');
      if (!redirects.has(back.href)) return res.writeHead(400).end();
      back.searchParams.set('state', form.get('state') ?? '');
      back.searchParams.set('iss', issuer);
      if (form.get('cancel') || !users.has(form.get('login') ?? ''))
        back.searchParams.set('error', 'access_denied');
      else {
        const code = randomBytes(16).toString('base64url');
        grants.set(code, {
          redirectUri: back.origin + back.pathname,
          challenge: form.get('code_challenge') ?? '',
          nonce: form.get('nonce') ?? '',
          login: form.get('login')!,
          used: false,
        });
        back.searchParams.set('code', code);
      }
      return res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const basic = Buffer.from(
        (req.headers.authorization ?? '').replace(/^Basic /, ''),
        'base64',
      ).toString();
      const [id, secret] = basic.includes(':')
        ? basic.split(':').map(decodeURIComponent)
        : [form.get('client_id'), form.get('client_secret')];
      if (id !== client.id || secret !== client.secret) return json(401, { error: 'invalid_client' });
      const grant = grants.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !grant ||
        grant.used ||
        grant.redirectUri !== form.get('redirect_uri') ||
        grant.challenge !== challenge
      )
        return json(400, { error: 'invalid_grant' });
      grant.used = true;
      const user = users.get(grant.login)!;
      const accessToken = randomBytes(16).toString('base64url');
      tokens.set(accessToken, user);
      return json(200, {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: 300,
        id_token: await idToken(user, grant.nonce),
      });
    }
    if (url.pathname === '/userinfo') {
      const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return user ? json(200, user) : json(401, { error: 'invalid_token' });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    tamper,
    addUser: (login: string, user: IdpUser) => users.set(login, user),
    allowRedirect: (uri: string) => redirects.add(uri),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => resolve(raw));
  });
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's own sign-in page: pick a person, or cancel. */
function signInPage(q: URLSearchParams, logins: string[]): string {
  const hidden = ['redirect_uri', 'state', 'nonce', 'code_challenge']
    .map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k) ?? '')}">`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Test ID</title><style>body{font:16px system-ui;max-width:22rem;margin:4rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;margin:.5rem 0;font:inherit;padding:.5rem;box-sizing:border-box}</style></head>
<body><main><h1>Sign in to Test ID</h1><form method="post" action="/authorize">${hidden}
<label for="login">Username at Test ID</label><input id="login" name="login" list="people" autocomplete="off">
<datalist id="people">${logins.map((l) => `<option value="${escape(l)}">`).join('')}</datalist>
<button type="submit">Continue</button><button type="submit" name="cancel" value="1">Cancel</button></form></main></body></html>`;
}
