import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientId, connected, metricValue, signUp } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

const TOKEN = 'metrics-token-0123456789';

describe('GET /metrics', () => {
  let on: TestServer;
  let off: TestServer;
  beforeAll(async () => {
    on = await startServer({ METRICS_TOKEN: TOKEN });
    off = await startServer();
  }, 120_000);
  afterAll(async () => {
    await on?.stop();
    await off?.stop();
  });

  const scrape = async (token = TOKEN) => {
    const res = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    return { res, text: await res.text() };
  };

  it('does not exist without METRICS_TOKEN', async () => {
    const res = await fetch(`${off.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it('refuses a missing or wrong bearer token', async () => {
    expect((await fetch(`${on.url}/metrics`)).status).toBe(401);
    expect((await scrape('metrics-token-0123456780')).res.status).toBe(401);
    expect((await scrape('short')).res.status).toBe(401);
  });

  it('counts requests by route and status, sends, deliveries and sockets, in the Prometheus text format', async () => {
    const alice = await signUp(on.url);
    const channelId = (await alice.post('/channels', { name: 'metrics', kind: 'public' })).body.channel.id;
    const socket = alice.socket({ transports: ['websocket'] });
    await connected(socket);
    const before = (await scrape()).text;
    for (let i = 0; i < 3; i++)
      expect(
        (await alice.post(`/channels/${channelId}/messages`, { clientId: clientId(), body: `m${i}` })).status,
      ).toBe(201);
    await alice.get('/no-such-thing');
    const { res, text } = await scrape();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const sent =
      'parley_http_requests_total{method="POST",route="/api/v1/channels/:id/messages",status="201"}';
    expect(metricValue(text, sent)).toBe(3);
    expect(metricValue(text, 'parley_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(
      1,
    );
    expect(text).toContain(
      'parley_http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/v1/channels/:id/messages"} 3',
    );
    expect(
      metricValue(text, 'parley_messages_sent_total') - metricValue(before, 'parley_messages_sent_total'),
    ).toBe(3);
    // Delivery runs after the answer; the three changes reach the socket soon after.
    await expect
      .poll(async () => metricValue((await scrape()).text, 'parley_feed_deliveries_total'))
      .toBeGreaterThanOrEqual(metricValue(before, 'parley_feed_deliveries_total') + 3);
    expect(metricValue(text, 'parley_sockets_connected')).toBe(1);
    expect(text).toMatch(/^parley_feed_reads_total \d+/m);
    expect(text).toMatch(/^parley_nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^parley_nodejs_heap_size_used_bytes \d/m);
    socket.close();
  });

  it('delivers sends and reactions made one after another on PGlite from their writes: the feed is read about once a second, not once a change', async () => {
    const alice = await signUp(on.url);
    const channelId = (await alice.post('/channels', { name: 'straight', kind: 'public' })).body.channel.id;
    const socket = alice.socket({ transports: ['websocket'] });
    await connected(socket);
    const bodies: string[] = [];
    const reacted: string[] = [];
    socket.on('message:created', (e) => bodies.push(e.message.body ?? ''));
    socket.on('reaction:changed', (e) => reacted.push(e.messageId));
    const reads = async () => metricValue((await scrape()).text, 'parley_feed_reads_total');
    const before = await reads();
    const started = performance.now();
    for (let i = 0; i < 40; i++) {
      const { body } = await alice.post(`/channels/${channelId}/messages`, {
        clientId: clientId(),
        body: `s${i}`,
      });
      if (i % 4 === 0)
        expect(
          (await alice.request('PUT', `/messages/${body.message.id}/reactions/${encodeURIComponent('👍')}`))
            .status,
        ).toBe(200);
    }
    const seconds = (performance.now() - started) / 1000;
    await expect.poll(() => bodies.length).toBe(40);
    await expect.poll(() => reacted.length).toBe(10);
    expect(bodies).toEqual(Array.from({ length: 40 }, (_, i) => `s${i}`));
    // The once-a-second poll, and after each one read for the next change.
    expect((await reads()) - before).toBeLessThanOrEqual(2 * Math.ceil(seconds) + 2);
    socket.close();
  });
});
