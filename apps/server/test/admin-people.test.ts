import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

type Listed = { users: { id: string; username: string }[]; nextCursor: string | null; total: number };

describe.each(await backendsToTest())('GET /admin/users on %s', (backend) => {
  let server: TestServer;
  let owner: ApiClient;
  let member: ApiClient;
  beforeAll(async () => {
    server = await startServer({}, backend);
    owner = await signUp(server.url, 'boss');
    member = await signUp(server.url, 'amy.member');
    for (const name of ['ben', 'cleo', 'dora', 'eli']) await signUp(server.url, `${name}.people`);
    const dora = (await owner.get('/admin/users?q=dora')).body.users[0];
    await owner.post(`/admin/users/${dora.id}/deactivate`);
    const eli = (await owner.get('/admin/users?q=eli')).body.users[0];
    await owner.patch(`/admin/users/${eli.id}/role`, { role: 'guest' });
  });
  afterAll(() => server.stop());

  const list = async (query: string): Promise<Listed> => {
    const res = await owner.get(`/admin/users?${query}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const names = (page: Listed) => page.users.map((u) => u.username);

  it('pages through everyone in username order, deactivated people included, with the total', async () => {
    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    do {
      const page = await list(`limit=2${cursor && `&cursor=${cursor}`}`);
      expect(page.total).toBe(6);
      seen.push(...names(page));
      cursor = page.nextCursor ?? '';
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['amy.member', 'ben.people', 'boss', 'cleo.people', 'dora.people', 'eli.people']);
  });

  it('finds a person by a word of their name and narrows by role or status', async () => {
    expect(names(await list('q=cle'))).toEqual(['cleo.people']);
    expect(names(await list('q=people&status=deactivated'))).toEqual(['dora.people']);
    expect(names(await list('role=guest'))).toEqual(['eli.people']);
    const active = await list('q=people&status=active&limit=1');
    expect(active.total).toBe(3);
    expect(active.nextCursor).toBe(active.users[0]!.id);
    expect(names(await list('q=nobody'))).toEqual([]);
  });

  it('is for owners and admins only, and refuses bad input without touching anything', async () => {
    expect((await member.get('/admin/users')).status).toBe(403);
    for (const bad of [
      'limit=0',
      'limit=201',
      'role=root',
      'status=gone',
      'cursor=x',
      'q=a%00b',
      'extra=1',
    ]) {
      const res = await owner.get(`/admin/users?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect((await list('')).total).toBe(6);
  });
});
