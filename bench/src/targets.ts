import { io } from 'socket.io-client';
import type { Child } from './proc';
import type { Room, Target } from './fanout';
import { postJson } from './http-post';
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
 */
export function parleyTarget(nodes: Child[], label: string, postgres: boolean): Target {
  const run = runTag();
  const url = nodes[0]!.url;
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
        rooms.push({
          id,
          size,
          // A send the saturated server cannot take in time counts as failed, not as a crash.
          send: async (body) => {
            const headers = { cookie: sender, 'x-parley-csrf': '1' };
            const path = `${url}/api/v1/channels/${id}/messages`;
            return (await postJson(path, headers, { clientId: newClientId(), body })) === 201;
          },
        });
      }
      return {
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
