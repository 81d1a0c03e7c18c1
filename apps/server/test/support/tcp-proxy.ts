import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback TCP proxy that a test can cut and restore, to play a database going away. */
export async function startProxy(targetPort: number) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(targetPort, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    cut: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
    restore: listen,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => (server!.listening ? server!.close(() => resolve()) : resolve()));
    },
  };
}
