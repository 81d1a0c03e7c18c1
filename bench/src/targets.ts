import { io } from 'socket.io-client';
import type { Child } from './proc';
import { sentAtOf, type Listen, type Room, type Target } from './fanout';
import { postJson, putJson } from './http-post';
import { call, createChannel, inBatches, newClientId, register, runTag } from './parley-api';

// Ten sockets per account (like ten tabs) keeps argon2 registration short; fan-out is per socket either way.
const SOCKETS_PER_USER = 10;
const REGISTER_AT_ONCE = 4;

export function relayTarget(child: Child): Target {
  return {
    name: 'bare Socket.IO relay',
    pids: [child.pid],
    prepare: async (sizes) => ({
      rooms: sizes.map((size, r): Room => ({
        id: `r${r}`,
        size,
        send: async (body) =>
          (await postJson(`${child.url}/rooms/r${r}/messages`, {}, { clientId: newClientId(), body })) ===
          201,
      })),
      connect: (room) =>
        io(child.url, {
          transports: ['websocket'],
          query: { room: `r${room}` },
          forceNew: true,
          reconnection: false,
        }),
    }),
  };
}

/**
 * Parley through its real paths: accounts, public channels, authenticated sockets, HTTP sends with
 * persistence. With several nodes, setup and senders use the first and clients alternate between them.
 * `reactions`: instead of messages, each send is a reaction (PUT) on the next of that many messages,
 * posted before the clients connect, and the clients count `reaction:changed`.
 */
export function parleyTarget(
  nodes: Child[],
  label: string,
  postgres: boolean,
  options: { reactions?: number } = {},
): Target {
  const run = runTag();
  const url = nodes[0]!.url;
  // The body (send time or warm-up mark) of each reacted message, looked up when its event arrives.
  const reacted = new Map<string, string>();
  const listen: Listen | undefined = options.reactions
    ? {
        event: 'reaction:changed',
        sentAt: (e) => {
          const body = reacted.get((e as { messageId: string }).messageId);
          return body === undefined ? null : sentAtOf(body);
        },
      }
    : undefined;
  return {
    name: label,
    pids: nodes.map((n) => n.pid),
    postgres,
    prepare: async (sizes) => {
      const rooms: Room[] = [];
      const cookies: string[][] = [];
      for (const [r, size] of sizes.entries()) {
        const sender = await register(url, `s${run}r${r}`);
        const id = await createChannel(url, sender, `bench-${run}-${r}`);
        const users = Array.from(
          { length: Math.ceil(size / SOCKETS_PER_USER) },
          (_, u) => `u${run}r${r}x${u}`,
        );
        const roomCookies: string[] = [];
        await inBatches(users, REGISTER_AT_ONCE, async (name) => {
          const cookie = await register(url, name);
          await call(url, cookie, 'POST', `/channels/${id}/join`);
          roomCookies.push(cookie);
        });
        cookies.push(roomCookies);
        const headers = { cookie: sender, 'x-parley-csrf': '1' };
        const targets = options.reactions ? await postMessages(url, sender, id, options.reactions) : [];
        rooms.push({
          id,
          size,
          // A send the saturated server cannot take in time counts as failed, not as a crash.
          send: async (body) => {
            if (!options.reactions) {
              const path = `${url}/api/v1/channels/${id}/messages`;
              return (await postJson(path, headers, { clientId: newClientId(), body })) === 201;
            }
            const message = targets.pop();
            if (!message) return false;
            reacted.set(message, body);
            const path = `${url}/api/v1/messages/${message}/reactions/${THUMBS_UP}`;
            return (await putJson(path, headers)) === 200;
          },
        });
      }
      return {
        listen,
        rooms,
        connect: (room, index) =>
          io(nodes[index % nodes.length]!.url, {
            path: '/socket.io',
            transports: ['websocket'],
            extraHeaders: { cookie: cookies[room]![Math.floor(index / SOCKETS_PER_USER)]! },
            forceNew: true,
            reconnection: false,
          }),
      };
    },
  };
}

const THUMBS_UP = encodeURIComponent('👍');

/** Posts `count` messages, eight at a time, and returns their ids. */
async function postMessages(url: string, cookie: string, channel: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      const sent = await call(url, cookie, 'POST', `/channels/${channel}/messages`, {
        clientId: newClientId(),
        body: `to react to ${i}`,
      });
      if (sent.status !== 201) throw new Error(`post: ${sent.status}`);
      ids.push(sent.body.message.id as string);
    },
  );
  return ids;
}
