import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, type ApiResult } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

type Member = { user: { id: string; username: string; displayName: string }; role: string };

// Mixed case, shared names (ordered by id among themselves) and names that only contain the search text.
const DISPLAY_NAMES = [
  'zoe',
  'Zoe',
  'ZOE',
  'Adam',
  'adele',
  'Bea',
  'bo',
  'Chloé',
  'Mazoe',
  'Anders Baker',
  'Dan',
  'dan',
  'Eve',
];

async function register(url: string, username: string, displayName: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  const res = await client.post('/auth/register', {
    username,
    displayName,
    password: 'correct horse battery',
  });
  expect(res.status).toBe(201);
  client.user = res.body.user;
  return client;
}

describe.each(await backendsToTest())('GET /channels/:id/members (%s)', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let general: string;
  let everyone: string[];
  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'owner');
    for (const [i, name] of DISPLAY_NAMES.entries()) await register(server.url, `member${i}`, name);
    general = (await owner.get('/channels')).body.channels[0].id;
    everyone = [
      owner.user.id,
      ...(await owner.get('/users?limit=200')).body.users.map((u: { id: string }) => u.id),
    ];
  });
  afterAll(() => server?.stop());

  async function allPages(query: string, limit: number): Promise<Member[][]> {
    const pages: Member[][] = [];
    let cursor: string | null = null;
    do {
      const res: ApiResult<{ members: Member[]; nextCursor: string | null }> = await owner.get(
        `/channels/${general}/members?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      pages.push(res.body.members);
      cursor = res.body.nextCursor;
    } while (cursor && pages.length < 50);
    return pages;
  }

  it('pages through every member once, in display-name order then id', async () => {
    const pages = await allPages('', 5);
    expect(pages.slice(0, -1).every((p) => p.length === 5)).toBe(true);
    const ids = pages.flat().map((m) => m.user.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...new Set(everyone)].sort());
    const keys = pages.flat().map((m) => [m.user.displayName.toLowerCase(), m.user.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
    expect(keys.map((k) => k[0])).toEqual(sorted.map((k) => k[0]));
    const zoes = keys.filter((k) => k[0] === 'zoe').map((k) => k[1]);
    expect(zoes).toEqual([...zoes].sort());
  });

  it('answers one page of at most the limit, and the last page says there is no more', async () => {
    const res = await owner.get(`/channels/${general}/members`);
    expect(res.body.members).toHaveLength(new Set(everyone).size);
    expect(res.body.nextCursor).toBeNull();
  });

  it('finds members by a case-insensitive prefix of the display name or username, across pages', async () => {
    const names = (pages: Member[][]) => pages.flat().map((m) => m.user.displayName);
    expect(names(await allPages('&q=zO', 2)).sort()).toEqual(['ZOE', 'Zoe', 'zoe']);
    expect(names(await allPages('&q=ad', 10)).sort()).toEqual(['Adam', 'adele']);
    expect(names(await allPages('&q=MEMBER1', 10)).sort()).toEqual(['Dan', 'Eve', 'Zoe', 'dan']);
    expect(names(await allPages('&q=chlo%C3%A9', 10))).toEqual(['Chloé']);
    // The start of a later word of the name counts too; the middle of a word does not.
    expect(names(await allPages('&q=bak', 10))).toEqual(['Anders Baker']);
    expect(names(await allPages('&q=aker', 10))).toEqual([]);
    expect(names(await allPages('&q=%25', 10))).toEqual([]);
    expect(names(await allPages('&q=_', 10))).toEqual([]);
  });

  it('refuses someone who is not a member of the channel', async () => {
    const outsider = await signUp(server.url);
    const open = (await owner.post('/channels', { name: `open-${backend}`, kind: 'public' })).body.channel.id;
    const secret = (await owner.post('/channels', { name: `secret-${backend}`, kind: 'private' })).body
      .channel.id;
    const publicAnswer = await outsider.get(`/channels/${open}/members`);
    expect([publicAnswer.status, publicAnswer.body.error.code]).toEqual([403, 'not_a_member']);
    const privateAnswer = await outsider.get(`/channels/${secret}/members`);
    expect([privateAnswer.status, privateAnswer.body.error.code]).toEqual([404, 'channel_not_found']);
    expect((await new ApiClient(server.url).get(`/channels/${open}/members`)).status).toBe(401);
  });

  it('rejects hostile queries with validation_failed', async () => {
    for (const query of [
      'limit=201',
      'limit=0',
      'limit=2147483648',
      'cursor=not-an-id',
      'q=%00',
      'constructor=1',
      `q=${'a'.repeat(65)}`,
    ]) {
      const res = await owner.get(`/channels/${general}/members?${query}`);
      expect([query, res.status, res.body.error?.code]).toEqual([query, 400, 'validation_failed']);
    }
  });
});
