import { strToU8, zipSync } from 'fflate';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../src/http/route-table.js';
import { ApiClient, clientId, signUp } from './support/client.js';
import { makeKeys, newChannelKey, type TestKeys, wrapFor } from './support/e2e-keys.js';
import { startOidcProvider } from './support/oidc-provider.js';
import { startServer, type TestServer } from './support/server.js';

const ACTORS = ['owner', 'admin', 'member', 'nonMember', 'guest', 'deactivated', 'anonymous', 'bot'] as const;
type Actor = (typeof ACTORS)[number];
type Answer = '2xx' | '302' | '401' | '403' | '404';
type Expect = Record<Actor, Answer>;
const PASSWORD = 'correct horse battery';

/** What one case acts on: a private channel where `member` wrote a message, its encrypted twin, a target user. */
type Fixture = {
  actor: Actor;
  actorId: string;
  channelId: string;
  encryptedId: string;
  messageId: string;
  targetId: string;
  targetName: string;
  invite: string;
  resetToken: string;
  sessionId: string;
  fileId: string;
  groupId: string;
  emojiName: string;
  emojiId: string;
  avatarId: string;
  scheduledId: string;
  twoFactorCode: string;
  webhookId: string;
  outgoingId: string;
  webhookToken: string;
  importId: string;
  botId: string;
};
type Policy = {
  expect: Expect;
  /** The bot's answer where it is not a signed-in non-member's. */
  bot?: Answer;
  body?: (f: Fixture) => unknown | Promise<unknown>;
  query?: (f: Fixture) => string;
  ownSession?: boolean;
  freshTarget?: boolean;
};

/** A multipart body with one file, as a browser sends an upload. */
/** A custom emoji's form: its name and a PNG (the bytes are sniffed, so the signature is enough). */
function emojiForm(name: string): FormData {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])]), 'e.png');
  return form;
}

/** A Slack export with no one and nothing in it: a valid import that changes nothing. */
function slackZip(): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zipSync({ 'users.json': strToU8('[]') }))]), 'export.zip');
  return form;
}

function upload(name: string, text: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  return form;
}

/** A picture large enough to get a preview. */
async function pictureUpload(): Promise<FormData> {
  const sharp = (await import('sharp')).default;
  const png = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#808080' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)]), 'picture.png');
  return form;
}

const all = (answer: Answer): Expect => Object.fromEntries(ACTORS.map((a) => [a, answer])) as Expect;

/**
 * A bot (its token, no cookie or CSRF header) is answered as a signed-in non-member, except that the
 * sign-in and security routes refuse it, bar learning who it is.
 */
function botAnswer(route: string, expect: Expect): Answer {
  const needsSignIn = expect.nonMember === '2xx' && expect.anonymous === '401';
  if (route.includes(' /api/v1/auth/') && route !== 'GET /api/v1/auth/session' && needsSignIn) return '403';
  return expect.nonMember;
}
const PUBLIC = all('2xx');
const SIGNED_IN: Expect = { ...all('2xx'), deactivated: '401', anonymous: '401' };
const INSTANCE_ADMIN: Expect = { ...SIGNED_IN, member: '403', nonMember: '403', guest: '403' };
const NOT_GUEST: Expect = { ...SIGNED_IN, guest: '403' };
// A private channel's non-members, instance admins included, cannot tell it exists.
const CHANNEL_MEMBER: Expect = { ...SIGNED_IN, owner: '404', admin: '404', nonMember: '404', guest: '404' };
const CHANNEL_ADMIN: Expect = { ...CHANNEL_MEMBER, member: '403' };

/** One row per route the server registers: a route without a row fails the test. */
const POLICY: Record<string, Policy> = {
  'GET /api/v1/health': { expect: PUBLIC },
  'GET /api/v1/health/ready': { expect: PUBLIC },
  'GET /config.json': { expect: PUBLIC },
  'GET /api/v1/openapi.json': { expect: PUBLIC },
  'GET /api/v1/docs': { expect: PUBLIC },
  'GET /api/v1/instance': { expect: PUBLIC },
  'GET /api/v1/invites/:code': { expect: PUBLIC },
  'POST /api/v1/auth/register': {
    expect: PUBLIC,
    body: () => ({ username: `reg${uniq()}`, displayName: 'New', password: PASSWORD }),
  },
  'POST /api/v1/auth/login': {
    expect: PUBLIC,
    body: (f) => ({ username: f.targetName, password: PASSWORD }),
  },
  'POST /api/v1/auth/logout': {
    expect: { ...SIGNED_IN, deactivated: '2xx', anonymous: '2xx' },
    ownSession: true,
  },
  'GET /api/v1/auth/session': { expect: SIGNED_IN },
  // No ticket from a right password, no session: two_factor_expired for everyone.
  'POST /api/v1/auth/login/code': {
    expect: all('401'),
    body: () => ({ ticket: `${'x'.repeat(30)}.y`, code: '123456' }),
  },
  'POST /api/v1/auth/login/setup': { expect: all('401'), body: () => ({ ticket: `${'x'.repeat(30)}.y` }) },
  'POST /api/v1/auth/login/enable': {
    expect: all('401'),
    body: () => ({ ticket: `${'x'.repeat(30)}.y`, code: '123456' }),
  },
  'GET /api/v1/auth/two-factor': { expect: SIGNED_IN },
  'POST /api/v1/auth/two-factor/setup': { expect: SIGNED_IN, body: () => ({ password: PASSWORD }) },
  // Registered in this order, so each caller turns it on, renews its codes and turns it off again.
  'POST /api/v1/auth/two-factor/enable': { expect: SIGNED_IN, body: (f) => ({ code: f.twoFactorCode }) },
  'POST /api/v1/auth/two-factor/recovery-codes': { expect: SIGNED_IN, body: () => ({ password: PASSWORD }) },
  'POST /api/v1/auth/two-factor/disable': { expect: SIGNED_IN, body: () => ({ password: PASSWORD }) },
  'POST /api/v1/auth/password': {
    expect: SIGNED_IN,
    ownSession: true,
    body: () => ({ currentPassword: PASSWORD, newPassword: PASSWORD }),
  },
  'GET /api/v1/auth/sessions': { expect: SIGNED_IN },
  'DELETE /api/v1/auth/sessions/others': { expect: SIGNED_IN, ownSession: true },
  'DELETE /api/v1/auth/sessions/:id': { expect: SIGNED_IN, ownSession: true },
  'GET /api/v1/auth/reset/:token': { expect: PUBLIC },
  'POST /api/v1/auth/reset/:token': { expect: PUBLIC, body: () => ({ password: PASSWORD }) },
  'GET /api/v1/auth/sso': { expect: SIGNED_IN },
  // Single sign-on is a browser's trip: anyone is sent on to the provider, or back to the sign-in page.
  'GET /api/v1/auth/sso/start': { expect: all('302') },
  // Without the flow its start left in the browser, a callback only sends the browser back.
  'GET /api/v1/auth/sso/callback': { expect: all('302'), query: () => 'code=abc&state=def' },
  'GET /api/v1/users': { expect: SIGNED_IN },
  'GET /api/v1/users/by-username/:username': { expect: { ...SIGNED_IN, guest: '404' } },
  'PATCH /api/v1/users/me': { expect: SIGNED_IN, body: () => ({ displayName: 'Renamed' }) },
  'GET /api/v1/presence': { expect: SIGNED_IN },
  'GET /api/v1/channels': { expect: SIGNED_IN },
  'POST /api/v1/channels': { expect: NOT_GUEST, body: () => ({ name: `c${uniq()}`, kind: 'public' }) },
  'GET /api/v1/channels/:id': { expect: CHANNEL_MEMBER },
  'PATCH /api/v1/channels/:id': { expect: CHANNEL_MEMBER, body: () => ({ topic: 'new topic' }) },
  // Private channels are joined by invitation only, even by someone already in.
  'POST /api/v1/channels/:id/join': { expect: CHANNEL_ADMIN },
  'POST /api/v1/channels/:id/leave': { expect: CHANNEL_MEMBER },
  'GET /api/v1/channels/:id/members': { expect: CHANNEL_MEMBER },
  'GET /api/v1/channels/:id/mentionable': { expect: CHANNEL_MEMBER },
  'GET /api/v1/channels/:id/non-members': { expect: CHANNEL_MEMBER, query: () => 'usernames=nobody' },
  'POST /api/v1/channels/:id/members': { expect: CHANNEL_ADMIN, body: () => ({ userId: ids.nonMember }) },
  'DELETE /api/v1/channels/:id/members/:userId': { expect: CHANNEL_ADMIN },
  'PATCH /api/v1/channels/:id/membership': { expect: CHANNEL_MEMBER, body: () => ({ notify: 'none' }) },
  'POST /api/v1/channels/:id/read': { expect: CHANNEL_MEMBER, body: () => ({ seq: 1 }) },
  'POST /api/v1/channels/read': { expect: SIGNED_IN },
  'POST /api/v1/channels/:id/unread': { expect: CHANNEL_MEMBER, body: () => ({ seq: 1 }) },
  // Guests reach only people who share a channel with them.
  'POST /api/v1/dms': { expect: { ...SIGNED_IN, guest: '404' }, body: (f) => ({ userId: f.targetId }) },
  'GET /api/v1/channels/:id/messages': { expect: CHANNEL_MEMBER },
  'POST /api/v1/channels/:id/messages': {
    expect: CHANNEL_MEMBER,
    body: () => ({ clientId: clientId(), body: 'hello' }),
  },
  'GET /api/v1/messages/:id': { expect: CHANNEL_MEMBER },
  'PATCH /api/v1/messages/:id': { expect: CHANNEL_MEMBER, body: () => ({ body: 'edited' }) },
  'DELETE /api/v1/messages/:id': { expect: CHANNEL_MEMBER },
  'GET /api/v1/messages/:id/thread': { expect: CHANNEL_MEMBER },
  'PUT /api/v1/messages/:id/follow': { expect: CHANNEL_MEMBER },
  'DELETE /api/v1/messages/:id/follow': { expect: CHANNEL_MEMBER },
  'POST /api/v1/messages/:id/thread/read': { expect: CHANNEL_MEMBER, body: () => ({ seq: 1 }) },
  'GET /api/v1/threads': { expect: SIGNED_IN },
  'GET /api/v1/drafts': { expect: SIGNED_IN },
  'GET /api/v1/mentions': { expect: SIGNED_IN },
  'GET /api/v1/search': { expect: SIGNED_IN, query: () => 'q=hello' },
  'POST /api/v1/files': { expect: SIGNED_IN, body: () => upload('hello.txt', 'hello') },
  'GET /api/v1/files/:id': { expect: CHANNEL_MEMBER },
  'GET /api/v1/files/:id/thumbnail': { expect: CHANNEL_MEMBER },
  'GET /api/v1/channels/:id/files': { expect: CHANNEL_MEMBER },
  'GET /api/v1/messages/:id/edits': { expect: CHANNEL_MEMBER },
  'PUT /api/v1/messages/:id/pin': { expect: CHANNEL_MEMBER },
  'DELETE /api/v1/messages/:id/pin': { expect: CHANNEL_MEMBER },
  // The author's own: the fixture's message is the member's.
  'DELETE /api/v1/messages/:id/previews': { expect: CHANNEL_MEMBER },
  // Signed in only; an address the server did not sign is no picture.
  'GET /api/v1/previews/image': {
    expect: { ...all('404'), deactivated: '401', anonymous: '401' },
    query: () => `u=${encodeURIComponent('http://127.0.0.1:1/x.png')}&s=${'a'.repeat(43)}`,
  },
  'GET /api/v1/channels/:id/pins': { expect: CHANNEL_MEMBER },
  'PUT /api/v1/messages/:id/save': { expect: CHANNEL_MEMBER },
  'DELETE /api/v1/messages/:id/save': { expect: CHANNEL_MEMBER },
  'GET /api/v1/saved': { expect: SIGNED_IN },
  'PUT /api/v1/messages/:id/reminder': {
    expect: CHANNEL_MEMBER,
    body: () => ({ at: new Date(Date.now() + 60 * 60_000).toISOString() }),
  },
  'DELETE /api/v1/messages/:id/reminder': { expect: CHANNEL_MEMBER },
  'GET /api/v1/channels/:id/export': { expect: CHANNEL_MEMBER },
  'GET /api/v1/scheduled': { expect: SIGNED_IN },
  'POST /api/v1/channels/:id/scheduled': {
    expect: CHANNEL_MEMBER,
    body: () => ({
      clientId: clientId(),
      body: 'later',
      sendAt: new Date(Date.now() + 60 * 60_000).toISOString(),
    }),
  },
  // `member`'s own: everyone else is told it does not exist.
  'PATCH /api/v1/scheduled/:id': { expect: CHANNEL_MEMBER, body: () => ({ body: 'later still' }) },
  'DELETE /api/v1/scheduled/:id': { expect: CHANNEL_MEMBER },
  'POST /api/v1/scheduled/:id/send': { expect: CHANNEL_MEMBER },
  'PUT /api/v1/channels/:id/draft': { expect: CHANNEL_MEMBER, body: () => ({ body: 'half a thought' }) },
  'DELETE /api/v1/channels/:id/draft': { expect: CHANNEL_MEMBER },
  'GET /api/v1/emoji': { expect: SIGNED_IN },
  'POST /api/v1/emoji': { expect: NOT_GUEST, body: () => emojiForm(`e${uniq()}`) },
  // Added by `member`: they, owners and admins remove it.
  'DELETE /api/v1/emoji/:name': { expect: { ...SIGNED_IN, nonMember: '403', guest: '403' } },
  'GET /api/v1/emoji/images/:id': { expect: SIGNED_IN },
  'PUT /api/v1/users/me/avatar': { expect: SIGNED_IN, body: () => pictureUpload() },
  'DELETE /api/v1/users/me/avatar': { expect: SIGNED_IN },
  'GET /api/v1/avatars/:id': { expect: SIGNED_IN },
  'PUT /api/v1/messages/:id/reactions/:emoji': { expect: CHANNEL_MEMBER },
  'DELETE /api/v1/messages/:id/reactions/:emoji': { expect: CHANNEL_MEMBER },
  'GET /api/v1/sync': { expect: SIGNED_IN },
  'GET /api/v1/keys/me': { expect: SIGNED_IN },
  'PUT /api/v1/keys/me': { expect: SIGNED_IN, body: (f) => keys[f.actor].body },
  // Every caller has keys by now: PUT /keys/me comes first in the route table.
  'PATCH /api/v1/keys/me': {
    expect: SIGNED_IN,
    body: () => ({ wrappedPrivate: 'w2' }),
  },
  'GET /api/v1/keys': { expect: SIGNED_IN, query: (f) => `userIds=${f.targetId}` },
  'GET /api/v1/channels/:id/keys': { expect: CHANNEL_MEMBER },
  'GET /api/v1/channels/:id/keys/status': { expect: CHANNEL_MEMBER },
  'POST /api/v1/channels/:id/keys': {
    expect: CHANNEL_MEMBER,
    body: async (f) => ({
      version: 1,
      wraps: [
        {
          userId: f.actorId,
          wrapped: await wrapFor(
            newChannelKey(),
            1,
            f.encryptedId,
            keys[f.actor].publicKeys,
            keys[f.actor].pairs,
          ),
        },
      ],
    }),
  },
  // User groups: every member may manage them by default (the instance setting), guests never.
  'GET /api/v1/groups': { expect: SIGNED_IN },
  'POST /api/v1/groups': { expect: NOT_GUEST, body: () => ({ handle: `grp${uniq()}`, name: 'Group' }) },
  'PATCH /api/v1/groups/:id': { expect: NOT_GUEST, body: () => ({ name: 'Renamed' }) },
  'PUT /api/v1/groups/:id/members': { expect: NOT_GUEST, body: (f) => ({ userIds: [f.targetId] }) },
  'DELETE /api/v1/groups/:id': { expect: NOT_GUEST },
  'GET /api/v1/admin/settings': { expect: INSTANCE_ADMIN },
  'PATCH /api/v1/admin/settings': { expect: INSTANCE_ADMIN, body: () => ({ name: 'Parley' }) },
  'GET /api/v1/admin/invites': { expect: INSTANCE_ADMIN },
  'POST /api/v1/admin/invites': { expect: INSTANCE_ADMIN, body: () => ({ maxUses: 1 }) },
  'DELETE /api/v1/admin/invites/:code': { expect: INSTANCE_ADMIN },
  'GET /api/v1/admin/users': { expect: INSTANCE_ADMIN },
  'PATCH /api/v1/admin/users/:id/role': {
    expect: INSTANCE_ADMIN,
    freshTarget: true,
    body: () => ({ role: 'member' }),
  },
  'POST /api/v1/admin/users/:id/deactivate': { expect: INSTANCE_ADMIN, freshTarget: true },
  'POST /api/v1/admin/users/:id/reactivate': { expect: INSTANCE_ADMIN, freshTarget: true },
  'DELETE /api/v1/admin/users/:id/sessions': { expect: INSTANCE_ADMIN, freshTarget: true },
  'POST /api/v1/admin/users/:id/reset-link': { expect: INSTANCE_ADMIN, freshTarget: true },
  'DELETE /api/v1/admin/users/:id/two-factor': { expect: INSTANCE_ADMIN, freshTarget: true },
  'GET /api/v1/channels/:id/webhooks': { expect: CHANNEL_MEMBER },
  'POST /api/v1/channels/:id/webhooks': { expect: CHANNEL_MEMBER, body: () => ({ name: 'CI' }) },
  // Its adder (member) and the instance's admins; others cannot tell it exists.
  'DELETE /api/v1/webhooks/:id': { expect: { ...CHANNEL_MEMBER, owner: '2xx', admin: '2xx' } },
  'POST /api/v1/webhooks/:id/url': { expect: { ...CHANNEL_MEMBER, owner: '2xx', admin: '2xx' } },
  'GET /api/v1/admin/webhooks': { expect: INSTANCE_ADMIN },
  'GET /api/v1/channels/:id/outgoing-webhooks': { expect: CHANNEL_MEMBER },
  // Channel admins only: the fixture's channel is the creator's, so its plain member is refused.
  'POST /api/v1/channels/:id/outgoing-webhooks': {
    expect: CHANNEL_ADMIN,
    body: () => ({ name: 'Deployer', url: 'http://127.0.0.1:1/hook' }),
  },
  // Added by the channel's creator: a plain member may not remove it, instance admins may.
  'DELETE /api/v1/outgoing-webhooks/:id': {
    expect: { ...CHANNEL_MEMBER, owner: '2xx', admin: '2xx', member: '403' },
  },
  'POST /api/v1/admin/import/slack': { expect: INSTANCE_ADMIN, body: () => slackZip() },
  'GET /api/v1/admin/imports/:id': { expect: INSTANCE_ADMIN },
  'POST /api/v1/admin/import/slack/links': { expect: INSTANCE_ADMIN },
  // The URL's secret is the credential: whoever holds it posts, with or without a session.
  'POST /api/v1/hooks/:token': { expect: PUBLIC, body: () => ({ text: 'from a tool' }) },
  'GET /api/v1/admin/audit': { expect: INSTANCE_ADMIN },
  'GET /api/v1/admin/retention': { expect: INSTANCE_ADMIN, query: () => 'days=30' },
  'GET /api/v1/admin/retention/channels': { expect: INSTANCE_ADMIN },
  'GET /api/v1/admin/channels': { expect: INSTANCE_ADMIN, query: () => 'q=a' },
  'PUT /api/v1/channels/:id/retention': { expect: INSTANCE_ADMIN, body: () => ({ retention: null }) },
  'GET /api/v1/admin/bots': { expect: INSTANCE_ADMIN },
  'POST /api/v1/admin/bots': {
    expect: INSTANCE_ADMIN,
    body: () => ({ username: `bot${uniq()}`, displayName: 'Bot' }),
  },
  'POST /api/v1/admin/bots/:id/token': { expect: INSTANCE_ADMIN },
  'DELETE /api/v1/admin/bots/:id': { expect: INSTANCE_ADMIN },
  // Bots alone register slash commands.
  'PUT /api/v1/bots/me/commands': {
    expect: { ...all('403'), deactivated: '401', anonymous: '401' },
    bot: '2xx',
    body: () => ({ commands: [{ name: 'deploy', description: 'Deploys' }] }),
  },
  'GET /api/v1/channels/:id/commands': { expect: CHANNEL_MEMBER },
  // No bot in the fixture's channel answers it, so a member hears 404 too: bot-commands.test runs one.
  'POST /api/v1/channels/:id/commands/:name': {
    expect: { ...CHANNEL_MEMBER, member: '404' },
    body: () => ({ text: 'main' }),
  },
  // Bots alone answer one person; the fixture's bot is in no channel, so it hears a non-member's 404.
  'POST /api/v1/channels/:id/ephemeral': {
    expect: { ...all('403'), deactivated: '401', anonymous: '401' },
    bot: '404',
    body: (f) => ({ userId: f.actorId, text: 'Only you see this' }),
  },
};

let n = 0;
const uniq = () => `${++n}${Math.random().toString(36).slice(2, 6)}`;
const ids = {} as Record<Actor | 'creator' | 'target', string>;
const keys = {} as Record<Actor, TestKeys>;

describe('authorization matrix: every route x every kind of caller', () => {
  let server: TestServer;
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  const clients = {} as Record<Actor | 'creator' | 'target', ApiClient>;
  let botToken = '';

  beforeAll(async () => {
    provider = await startOidcProvider({ id: 'parley', secret: 'matrix' });
    server = await startServer({
      RATE_LIMITS: 'off',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'parley',
      OIDC_CLIENT_SECRET: 'matrix',
    });
    for (const name of [
      'owner',
      'admin',
      'member',
      'nonMember',
      'guest',
      'deactivated',
      'creator',
      'target',
    ] as const)
      clients[name] = await signUp(server.url, `${name.toLowerCase()}${uniq()}`);
    clients.anonymous = new ApiClient(server.url);
    clients.bot = new ApiClient(server.url);
    for (const actor of ACTORS) keys[actor] = await makeKeys(actor);
    for (const [name, client] of Object.entries(clients)) ids[name as Actor] = client.user?.id ?? '';
    await clients.owner.patch(`/admin/users/${ids.admin}/role`, { role: 'admin' });
    await clients.owner.patch(`/admin/users/${ids.guest}/role`, { role: 'guest' });
    await clients.owner.post(`/admin/users/${ids.deactivated}/deactivate`);
    const made = (await clients.owner.post('/admin/bots', { username: `bot${uniq()}`, displayName: 'Bot' }))
      .body;
    ids.bot = made.bot.id;
    botToken = made.token;
  }, 180_000);
  afterAll(async () => {
    await server.stop();
    await provider.close();
  });

  async function fixture(actor: Actor, policy: Policy, url: string): Promise<Fixture> {
    const { creator, owner } = clients;
    const channelId = (await creator.post('/channels', { name: `p${uniq()}`, kind: 'private' })).body.channel
      .id;
    const encryptedId = url.includes('/keys')
      ? (await creator.post('/channels', { name: `e${uniq()}`, kind: 'private', encrypted: true })).body
          .channel.id
      : channelId;
    for (const id of new Set([channelId, encryptedId]))
      for (const userId of [ids.member, ids.target])
        await creator.post(`/channels/${id}/members`, { userId });
    const messageId = url.includes('/messages/')
      ? (await clients.member.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: 'hi' }))
          .body.message.id
      : '';
    // A file sent in the channel by a member.
    let fileId = '';
    if (url.includes('/files/:id')) {
      const res = await fetch(`${server.url}/api/v1/files`, {
        method: 'POST',
        headers: { cookie: clients.member.cookie, 'x-parley-csrf': '1' },
        body: url.endsWith('/thumbnail') ? await pictureUpload() : upload('shared.txt', 'shared'),
      });
      fileId = ((await res.json()) as { file: { id: string } }).file.id;
      await clients.member.post(`/channels/${channelId}/messages`, {
        clientId: clientId(),
        fileIds: [fileId],
      });
    }
    let emojiName = '';
    let emojiId = '';
    if (url.includes('/emoji/')) {
      emojiName = `e${uniq()}`;
      const res = await fetch(`${server.url}/api/v1/emoji`, {
        method: 'POST',
        headers: { cookie: clients.member.cookie, 'x-parley-csrf': '1' },
        body: emojiForm(emojiName),
      });
      emojiId = ((await res.json()) as { emoji: { id: string } }).emoji.id;
    }
    let avatarId = '';
    if (url.includes('/avatars/')) {
      const res = await fetch(`${server.url}/api/v1/users/me/avatar`, {
        method: 'PUT',
        headers: { cookie: clients.member.cookie, 'x-parley-csrf': '1' },
        body: await pictureUpload(),
      });
      avatarId = ((await res.json()) as { user: { avatarId: string } }).user.avatarId;
    }
    const scheduledId = url.includes('/scheduled/:id')
      ? (
          await clients.member.post(`/channels/${channelId}/scheduled`, {
            clientId: clientId(),
            body: 'later',
            sendAt: new Date(Date.now() + 60 * 60_000).toISOString(),
          })
        ).body.scheduled.id
      : '';
    let webhookId = '';
    let webhookToken = '';
    if (url.includes('/webhooks/:id') || url.includes('/hooks/:token')) {
      const made = (await clients.member.post(`/channels/${channelId}/webhooks`, { name: 'Hook' })).body;
      webhookId = made.webhook.id;
      webhookToken = made.url.split('/').pop();
    }
    const outgoingId = url.includes('/outgoing-webhooks/:id')
      ? (
          await creator.post(`/channels/${channelId}/outgoing-webhooks`, {
            name: 'Out',
            url: 'http://127.0.0.1:1/hook',
          })
        ).body.webhook.id
      : '';
    let importId = '';
    if (url.includes('/admin/imports/:id')) {
      const res = await fetch(`${server.url}/api/v1/admin/import/slack`, {
        method: 'POST',
        headers: { cookie: owner.cookie, 'x-parley-csrf': '1' },
        body: slackZip(),
      });
      importId = ((await res.json()) as { import: { id: string } }).import.id;
    }
    const groupId = url.includes('/groups/:id')
      ? (await creator.post('/groups', { handle: `g${uniq()}`, name: 'Group' })).body.group.id
      : '';
    let twoFactorCode = '000000';
    if (url.endsWith('/two-factor/enable')) {
      const setup = await clients[actor].post('/auth/two-factor/setup', { password: PASSWORD });
      const secret = setup.body?.setup?.secret;
      if (secret) twoFactorCode = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    }
    const botId = url.includes('/admin/bots/:id')
      ? (await owner.post('/admin/bots', { username: `bot${uniq()}`, displayName: 'Bot' })).body.bot.id
      : '';
    let target = clients.target;
    if (policy.freshTarget) target = await signUp(server.url, `t${uniq()}`);
    const invite = url.includes(':code')
      ? (await owner.post('/admin/invites', { maxUses: 5 })).body.invite.code
      : '';
    const resetToken = url.includes(':token')
      ? (await owner.post(`/admin/users/${ids.target}/reset-link`)).body.reset.token
      : '';
    let sessionId = 'a'.repeat(20);
    if (policy.ownSession && actor !== 'deactivated' && actor !== 'anonymous' && actor !== 'bot') {
      // The case signs in afresh, so signing out or revoking does not end the shared session.
      const fresh = new ApiClient(server.url);
      await fresh.post('/auth/login', { username: clients[actor].user.username, password: PASSWORD });
      const sessions = (await fresh.get('/auth/sessions')).body.sessions;
      sessionId = sessions.find((s: { current: boolean }) => !s.current).id;
      return { ...base(), cookie: fresh.cookie } as Fixture & { cookie: string };
    }
    return base();

    function base(): Fixture {
      return {
        actor,
        actorId: ids[actor],
        channelId,
        encryptedId,
        messageId,
        targetId: target.user.id,
        targetName: target.user.username,
        invite,
        resetToken,
        sessionId,
        fileId,
        groupId,
        emojiName,
        emojiId,
        avatarId,
        scheduledId,
        twoFactorCode,
        webhookId,
        outgoingId,
        webhookToken,
        importId,
        botId,
      };
    }
  }

  function fill(url: string, f: Fixture): string {
    return url
      .replace(':id/keys', `${f.encryptedId}/keys`)
      .replace(/\/channels\/:id/, `/channels/${f.channelId}`)
      .replace(/\/messages\/:id/, `/messages/${f.messageId}`)
      .replace(/\/admin\/users\/:id/, `/admin/users/${f.targetId}`)
      .replace(/\/files\/:id/, `/files/${f.fileId}`)
      .replace(/\/groups\/:id/, `/groups/${f.groupId}`)
      .replace('/scheduled/:id', `/scheduled/${f.scheduledId}`)
      .replace('/outgoing-webhooks/:id', `/outgoing-webhooks/${f.outgoingId}`)
      .replace('/webhooks/:id', `/webhooks/${f.webhookId}`)
      .replace('/hooks/:token', `/hooks/${f.webhookToken}`)
      .replace('/admin/imports/:id', `/admin/imports/${f.importId}`)
      .replace('/admin/bots/:id', `/admin/bots/${f.botId}`)
      .replace('/emoji/images/:id', `/emoji/images/${f.emojiId}`)
      .replace('/avatars/:id', `/avatars/${f.avatarId}`)
      .replace('/emoji/:name', `/emoji/${f.emojiName}`)
      .replace(':userId', f.targetId)
      .replace(':username', f.targetName)
      .replace(':code', f.invite)
      .replace(':token', f.resetToken)
      .replace(':id', f.sessionId)
      .replace(':emoji', encodeURIComponent('👍'))
      .replace(':name', 'deploy');
  }

  const classOf = (status: number): string => (status < 300 ? '2xx' : String(status));

  it('gives each caller the expected answer on every route, and has a policy for every route', async () => {
    const routes = routeTable(server.parley.app).map((r) => `${r.method} ${r.url}`);
    expect(
      routes.filter((r) => !POLICY[r]),
      'routes without a policy',
    ).toEqual([]);
    expect(
      Object.keys(POLICY).filter((r) => !routes.includes(r)),
      'policies without a route',
    ).toEqual([]);
    const wrong: string[] = [];
    for (const route of routes) {
      const policy = POLICY[route]!;
      const [method, url] = route.split(' ') as [string, string];
      // Refusals and reads share one fixture; each caller allowed to change something gets its own.
      let shared: Fixture | undefined;
      for (const actor of ACTORS) {
        const want = actor === 'bot' ? (policy.bot ?? botAnswer(route, policy.expect)) : policy.expect[actor];
        const own = (method !== 'GET' && want === '2xx') || policy.ownSession;
        const f = own
          ? await fixture(actor, policy, url)
          : { ...(shared ??= await fixture(actor, policy, url)), actor, actorId: ids[actor] };
        const cookie = (f as Fixture & { cookie?: string }).cookie ?? clients[actor].cookie;
        const body = await policy.body?.(f);
        const query = policy.query ? `?${policy.query(f)}` : '';
        const form = body instanceof FormData;
        const res = await fetch(`${server.url}${fill(url, f)}${query}`, {
          method,
          headers: {
            ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
            ...(actor === 'bot'
              ? { authorization: `Bearer ${botToken}` }
              : {
                  ...(method !== 'GET' ? { 'x-parley-csrf': '1' } : {}),
                  ...(cookie ? { cookie } : {}),
                }),
          },
          body: body === undefined ? undefined : form ? body : JSON.stringify(body),
          redirect: 'manual',
        });
        const text = await res.text();
        // Revoking other sessions or changing the password ends the shared session too: sign in again.
        if (
          policy.ownSession &&
          ids[actor] &&
          actor !== 'bot' &&
          (await clients[actor].get('/auth/session')).status === 401
        )
          await clients[actor].post('/auth/login', {
            username: clients[actor].user.username,
            password: PASSWORD,
          });
        if (classOf(res.status) !== want)
          wrong.push(`${route} as ${actor}: ${res.status} (expected ${want}) ${text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);
});
