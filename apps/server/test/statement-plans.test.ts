import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type ApiClient } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

type PlanNode = { 'Relation Name'?: string; 'Actual Rows'?: number; Plans?: PlanNode[] };

/** Rows the plan's nodes read from a table, over the whole statement. */
function rowsRead(node: PlanNode, table: string): number {
  const own = node['Relation Name'] === table ? (node['Actual Rows'] ?? 0) : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

// The hot statements are named once per PGlite instance, so EXPLAIN can run them as the server does
// (on PGlite their last parameter is false: the row before a change is told by its id, not looked up).
async function explained(server: TestServer, execute: string): Promise<PlanNode> {
  const result = (await server.parley.ctx.db.execute(
    sql.raw(`explain (analyze, format json) execute ${execute}`),
  )) as unknown as { rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] };
  return result.rows[0]!['QUERY PLAN'][0].Plan;
}

describe('what the hot statements read (the embedded database)', () => {
  let server: TestServer;
  let alice: ApiClient;
  let channelId: string;
  let messageIds: string[];
  beforeAll(async () => {
    server = await startServer();
    alice = await signUp(server.url);
    // Alice is in many channels; what one send or reaction reads must not grow with them.
    for (let i = 0; i < 30; i++) await alice.post('/channels', { name: `side-${i}`, kind: 'public' });
    channelId = (await alice.post('/channels', { name: 'main', kind: 'public' })).body.channel.id;
    for (const body of ['one', 'two'])
      await alice.post(`/channels/${channelId}/messages`, { clientId: crypto.randomUUID(), body });
    const history = await alice.get(`/channels/${channelId}/messages`);
    messageIds = history.body.messages.map((m: { id: string }) => m.id);
    await alice.request('PUT', `/messages/${messageIds.at(-1)}/reactions/${encodeURIComponent('👍')}`);
  });
  afterAll(() => server.stop());

  it('regression: a send reads one membership of its author, not one for every channel they are in', async () => {
    const plan = await explained(
      server,
      `insert_message('${channelId}', '${alice.user.id}', null, '${crypto.randomUUID()}',
        '${crypto.randomUUID()}', 'three', false, null, false, null, false)`,
    );
    expect(rowsRead(plan, 'memberships')).toBe(1);
  });

  it('regression: a reaction reads one membership of its author, not one for every channel they are in', async () => {
    const plan = await explained(
      server,
      `quick_add_reaction('${messageIds.at(-2)}', '${alice.user.id}', '🎉', 40, false)`,
    );
    expect(rowsRead(plan, 'memberships')).toBe(1);
  });

  it('taking a reaction back reads one membership of its author', async () => {
    await alice.delete(`/messages/${messageIds.at(-1)}/reactions/${encodeURIComponent('👍')}`);
    const plan = await explained(
      server,
      `quick_remove_reaction('${messageIds.at(-2)}', '${alice.user.id}', '🎉', false)`,
    );
    expect(rowsRead(plan, 'memberships')).toBe(1);
  });
});
