import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, clientId, connected, nextEvent, signUp } from './support/client.js';
import { backendsToTest } from './support/backends.js';
import { startServer, type TestServer } from './support/server.js';

describe.each(await backendsToTest())('reactions on %s', (backend) => {
  let server: TestServer;
  let alice: ApiClient;
  let bob: ApiClient;
  let eve: ApiClient;
  let channelId: string;
  let messageId: string;
  beforeAll(async () => {
    server = await startServer({}, backend);
    alice = await signUp(server.url, 'alice');
    bob = await signUp(server.url, 'bob');
    eve = await signUp(server.url, 'eve');
    channelId = (await alice.post('/channels', { name: 'reacts', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${channelId}/members`, { userId: bob.user.id });
    messageId = (await post(alice, 'react to me')).id;
  });
  afterAll(() => server.stop());

  async function post(client: ApiClient, body: string) {
    return (await client.post(`/channels/${channelId}/messages`, { clientId: clientId(), body })).body
      .message;
  }
  const react = (client: ApiClient, id: string, emoji: string, method = 'PUT') =>
    client.request(
      method,
      `/messages/${id}/reactions/${emoji.startsWith('%') ? emoji : encodeURIComponent(emoji)}`,
    );

  it('counts each person once per emoji, in the order they reacted, and toggles off', async () => {
    expect((await react(alice, messageId, '👍')).body.reactions).toEqual([
      { emoji: '👍', count: 1, userIds: [alice.user.id] },
    ]);
    await react(alice, messageId, '👍');
    const both = await react(bob, messageId, '👍');
    expect(both.status).toBe(200);
    expect(both.body.reactions).toEqual([{ emoji: '👍', count: 2, userIds: [alice.user.id, bob.user.id] }]);
    const off = await react(alice, messageId, '👍', 'DELETE');
    expect(off.body.reactions).toEqual([{ emoji: '👍', count: 1, userIds: [bob.user.id] }]);
    const history = await bob.get(`/channels/${channelId}/messages`);
    const stored = history.body.messages.find((m: any) => m.id === messageId);
    expect(stored.reactions).toEqual([{ emoji: '👍', count: 1, userIds: [bob.user.id] }]);
  });

  it('takes a known :shortcode:, skin tones and joined emoji', async () => {
    expect((await react(alice, messageId, ':tada:')).body.reactions.map((r: any) => r.emoji)).toContain('🎉');
    for (const emoji of ['👍🏽', '🧑‍💻', '🇫🇷', '❤️', ':+1:', ':thumbsup:']) {
      expect((await react(bob, messageId, emoji)).status).toBe(200);
    }
  });

  it.each(['a', '👍👍', ':not_an_emoji_code:', 'tada', '\u0000', '%ED%A0%80', '%F0%9F', '1', ' ', '👍 '])(
    'refuses %j with 400 and changes nothing',
    async (bad) => {
      const before = (await alice.get(`/messages/${messageId}`)).body.message.reactions;
      const res = await react(alice, messageId, bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect((await alice.get(`/messages/${messageId}`)).body.message.reactions).toEqual(before);
    },
  );

  it('reaches every member live, not others', async () => {
    const b = bob.socket();
    const e = eve.socket();
    await Promise.all([connected(b), connected(e)]);
    let leaked = false;
    e.on('reaction:changed', () => (leaked = true));
    // Earlier reactions' events may still reach sockets that connected after them: wait for this one.
    const live = nextEvent(
      b,
      'reaction:changed',
      (ev) => ev.messageId === messageId && ev.reactions.some((r: any) => r.emoji === '🚀'),
    );
    await react(alice, messageId, '🚀');
    const event = await live;
    expect(event.channelId).toBe(channelId);
    expect(event.reactions.find((r: any) => r.emoji === '🚀')).toEqual({
      emoji: '🚀',
      count: 1,
      userIds: [alice.user.id],
    });
    expect(event.cursor).toMatch(/^\d+\.\d+$/);
    await new Promise((r) => setTimeout(r, 100));
    expect(leaked).toBe(false);
    b.close();
    e.close();
  });

  it('lets no one outside the channel react, and stops a removed member', async () => {
    expect((await react(eve, messageId, '👀')).status).toBe(404);
    const room = (await alice.post('/channels', { name: 'leave-react', kind: 'private' })).body.channel.id;
    await alice.post(`/channels/${room}/members`, { userId: eve.user.id });
    const msg = (await alice.post(`/channels/${room}/messages`, { clientId: clientId(), body: 'x' })).body
      .message;
    expect((await react(eve, msg.id, '👀')).status).toBe(200);
    await alice.delete(`/channels/${room}/members/${eve.user.id}`);
    expect((await react(eve, msg.id, '👀', 'DELETE')).status).toBe(404);
  });

  it('holds at most 50 different emoji on a message', async () => {
    const id = (await post(alice, 'full')).id;
    const emoji = [
      ...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙🥲😚🙂🤗🤩🤔🫡🤨😐😑😶🫥🙄😏😣😥😮🤐😯😪😫🥱😴😌😛😜😝🤤😒😓😔😕🫤',
    ];
    for (const e of emoji.slice(0, 50)) expect((await react(alice, id, e)).status).toBe(200);
    const over = await react(bob, id, '🙃');
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('too_many_reactions');
    // One more person on an emoji already there is fine.
    expect((await react(bob, id, '😀')).status).toBe(200);
  });

  it('holds the limit when 60 different emoji arrive at once', async () => {
    const id = (await post(alice, 'rush')).id;
    const emoji = [
      ...'🍏🍎🍐🍊🍋🍌🍉🍇🍓🫐🍈🍒🍑🥭🍍🥥🥝🍅🍆🥑🥦🥬🥒🌶🫑🌽🥕🫒🧄🧅🥔🍠🥐🥯🍞🥖🥨🧀🥚🍳🧈🥞🧇🥓🥩🍗🍖🌭🍔🍟🍕🫓🥪🥙🧆🌮🌯🫔🥗🥘',
    ];
    expect(emoji).toHaveLength(60);
    const answers = await Promise.all(emoji.map((e) => react(alice, id, e)));
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(50);
    const stored = (await alice.get(`/messages/${id}`)).body.message.reactions;
    expect(stored.length).toBeLessThanOrEqual(50);
    expect(stored.length).toBe(answers.filter((a) => a.status === 200).length);
  });

  it('clears reactions when the message is deleted, and refuses new ones', async () => {
    const id = (await post(alice, 'going')).id;
    await react(bob, id, '👋');
    const deleted = await alice.delete(`/messages/${id}`);
    expect(deleted.body.message.reactions).toEqual([]);
    expect((await react(bob, id, '👋')).status).toBe(404);
  });
});
