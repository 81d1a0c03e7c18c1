import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { clientId, connected, metricValue, signUp, waitFor, type ApiClient } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

const TOKEN = 'metrics-token-0123456789';

/** Every event with a cursor that reaches the socket, in arrival order. */
function record(socket: Socket) {
  const events: { type: string; cursor: string; seq?: number }[] = [];
  socket.onAny((type: string, payload: { cursor?: string; seq?: number }) => {
    if (payload?.cursor) events.push({ type, cursor: payload.cursor, seq: payload.seq });
  });
  return events;
}

const position = (cursor: string) => cursor.split('.').map(BigInt) as [bigint, bigint];
const before = (a: string, b: string) => {
  const [x, y] = [position(a), position(b)];
  return x[0] < y[0] || (x[0] === y[0] && x[1] < y[1]);
};

describe('changes written to sockets together under load', () => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  beforeAll(async () => {
    server = await startServer({ METRICS_TOKEN: TOKEN });
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
  }, 120_000);
  afterAll(() => server?.stop());

  const counter = async (series: string) => {
    const scrape = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return metricValue(await scrape.text(), series);
  };

  it('reach WebSocket and polling sockets as one event each, in feed order, and end with a removal', async () => {
    const { channel } = (await alice.post('/channels', { name: 'burst', kind: 'private' })).body;
    await alice.post(`/channels/${channel.id}/members`, { userId: bob.user.id });
    const ws = bob.socket({ transports: ['websocket'] });
    const polling = bob.socket({ transports: ['polling'] });
    await Promise.all([connected(ws), connected(polling)]);
    const [onWs, onPolling] = [record(ws), record(polling)];
    const batchesBefore = await counter('parley_feed_batches_total');
    const sends = Array.from({ length: 40 }, (_, i) =>
      alice.post(`/channels/${channel.id}/messages`, { clientId: clientId(), body: `burst ${i}` }),
    );
    const answers = await Promise.all(sends);
    expect(answers.every((r) => r.status === 201)).toBe(true);
    const first = Math.min(...answers.map((r) => r.body.message.seq as number));
    // Bob's own change (his user room) among the channel's, then his removal, which goes alone.
    expect((await bob.post(`/channels/${channel.id}/read`, { seq: first + 39 })).status).toBe(200);
    expect((await alice.delete(`/channels/${channel.id}/members/${bob.user.id}`)).status).toBe(204);
    for (const events of [onWs, onPolling]) {
      await waitFor(async () => events.some((e) => e.type === 'channel:removed'), 10_000);
      const created = events.filter((e) => e.type === 'message:created').map((e) => e.seq);
      // The removal's system line may follow them.
      expect(created.slice(0, 40)).toEqual(Array.from({ length: 40 }, (_, i) => first + i));
      expect(events.every((e, i) => i === 0 || before(events[i - 1]!.cursor, e.cursor))).toBe(true);
      expect(events.at(-1)!.type).toBe('channel:removed');
    }
    expect(await counter('parley_feed_batches_total')).toBeGreaterThan(batchesBefore);
    expect(await counter('parley_feed_batched_changes_total')).toBeGreaterThan(1);
    ws.close();
    polling.close();
  });

  it('reach a socket in two busy rooms, with reactions among the messages, in feed order', async () => {
    const ids = await Promise.all(
      ['north', 'south'].map(async (name) => {
        const { channel } = (await alice.post('/channels', { name, kind: 'public' })).body;
        await bob.post(`/channels/${channel.id}/join`);
        return channel.id as string;
      }),
    );
    const socket = bob.socket({ transports: ['websocket'] });
    await connected(socket);
    const events = record(socket);
    const post = (channelId: string, body: string) =>
      alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => post(ids[i % 2]!, `both ${i}`)));
    await Promise.all(
      answers
        .slice(0, 10)
        .map((r) => bob.request('PUT', `/messages/${r.body.message.id}/reactions/%F0%9F%91%8D`)),
    );
    await waitFor(
      async () =>
        events.filter((e) => e.type === 'message:created').length === 30 &&
        events.filter((e) => e.type === 'reaction:changed').length === 10,
      10_000,
    );
    expect(events.every((e, i) => i === 0 || before(events[i - 1]!.cursor, e.cursor))).toBe(true);
    socket.close();
  });

  it('regression: a socket that connects while changes are held does not hear them', async () => {
    const { channel } = (await alice.post('/channels', { name: 'late', kind: 'public' })).body;
    await bob.post(`/channels/${channel.id}/join`);
    // One after another, as a person types: all but the first are held for a shared write.
    let lastSent = 0;
    for (let i = 0; i < 20; i++)
      lastSent = (
        await alice.post(`/channels/${channel.id}/messages`, { clientId: clientId(), body: `held ${i}` })
      ).body.message.seq;
    // Connected once every send was answered: what it hears must all come after that.
    const late = bob.socket({ transports: ['websocket'] });
    const heard = record(late);
    await connected(late);
    await alice.post(`/channels/${channel.id}/messages`, { clientId: clientId(), body: 'after' });
    await waitFor(async () => heard.some((e) => e.type === 'message:created'), 5_000);
    expect(heard.filter((e) => e.type === 'message:created').map((e) => e.seq)).toEqual([lastSent + 1]);
    late.close();
  });
});
