import { io } from 'socket.io-client';
import type { Child } from './proc';
import { newClientId, type Room, type Target } from './fanout';

const SOCKETS_PER_USER = 10;
const PASSWORD = 'bench-password-123';

export function relayTarget(child: Child): Target {
  return {
    name: 'bare Socket.IO relay',
    pid: child.proc.pid!,
    prepare: async (sizes) => ({
      rooms: sizes.map((size, r): Room => ({
        id: `r${r}`,
        size,
        send: async (body) => {
          const res = await fetch(`${child.url}/rooms/r${r}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ clientId: newClientId(), body }),
          }).catch(() => undefined);
          await res?.arrayBuffer();
          return res?.status === 201;
        },
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

async function register(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-parley-csrf': '1' },
    body: JSON.stringify({ username, displayName: username, password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function call(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { cookie, 'x-parley-csrf': '1', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** Parley through its real paths: accounts, public channels, authenticated sockets, HTTP sends with persistence. */
export function parleyTarget(child: Child, label: string): Target {
  const run = Math.random().toString(36).slice(2, 7);
  return {
    name: label,
    pid: child.proc.pid!,
    prepare: async (sizes) => {
      const rooms: Room[] = [];
      const cookies: string[][] = [];
      for (const [r, size] of sizes.entries()) {
        const sender = await register(child.url, `s${run}r${r}`);
        const created = await call(child.url, sender, 'POST', '/channels', {
          name: `bench-${run}-${r}`,
          kind: 'public',
        });
        const id = created.body.channel.id as string;
        const users = Array.from(
          { length: Math.ceil(size / SOCKETS_PER_USER) },
          (_, u) => `u${run}r${r}x${u}`,
        );
        const roomCookies: string[] = [];
        await inBatches(users, 4, async (name) => {
          const cookie = await register(child.url, name);
          await call(child.url, cookie, 'POST', `/channels/${id}/join`);
          roomCookies.push(cookie);
        });
        cookies.push(roomCookies);
        rooms.push({
          id,
          size,
          // A send the saturated server cannot take in time counts as failed, not as a crash.
          send: async (body) => {
            const path = `/channels/${id}/messages`;
            const res = await call(child.url, sender, 'POST', path, { clientId: newClientId(), body }).catch(
              () => undefined,
            );
            return res?.status === 201;
          },
        });
      }
      return {
        rooms,
        connect: (room, index) =>
          io(child.url, {
            transports: ['websocket'],
            extraHeaders: { cookie: cookies[room]![Math.floor(index / SOCKETS_PER_USER)]! },
            forceNew: true,
            reconnection: false,
          }),
      };
    },
  };
}
