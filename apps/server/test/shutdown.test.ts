import net from 'node:net';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { signUp } from './support/client.js';
import { startServer, type TestServer } from './support/server.js';

/** What the server sent on a raw socket until it closed it, or up to `ms`. */
function answerOf(socket: net.Socket, ms: number): Promise<{ text: string; closed: boolean }> {
  return new Promise((resolve) => {
    let text = '';
    const timer = setTimeout(() => resolve({ text, closed: false }), ms);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
  });
}

/** A raw connection that starts uploading a file of `length` bytes as the owner, sending `first` of its body. */
async function startUpload(server: TestServer, length: number, first: string | Buffer): Promise<net.Socket> {
  const owner = await signUp(server.url, 'owner');
  const port = Number(new URL(server.url).port);
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  socket.write(
    [
      'POST /api/v1/files HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Cookie: ${owner.cookie}`,
      'x-parley-csrf: 1',
      'Content-Type: multipart/form-data; boundary=x',
      `Content-Length: ${length}`,
      '',
      '--x',
      'Content-Disposition: form-data; name="file"; filename="upload.bin"',
      'Content-Type: application/octet-stream',
      '',
      '',
    ].join('\r\n'),
  );
  socket.write(first);
  return socket;
}

describe('shutdown', () => {
  it('is not held open by an upload refused as too large while its sender is still connected', async () => {
    const server = await startServer({ MAX_UPLOAD_MB: '1' });
    // Past the 1 MB limit, then the sender goes quiet with most of its body unsent.
    const socket = await startUpload(server, 5_000_000, Buffer.alloc(1_100_000));
    const { text, closed } = await answerOf(socket, 10_000);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text).toMatch(/\r\nconnection: close\r\n/i);
    expect(closed).toBe(true);
    await server.stop();
    socket.destroy();
  });

  it('cuts an upload still on its way once a grace period has passed, instead of waiting for it forever', async () => {
    const server = await startServer();
    const socket = await startUpload(server, 100_000, 'the first few bytes of a slow upload');
    const closed = answerOf(socket, 30_000);
    await server.stop();
    expect((await closed).closed).toBe(true);
  });
});
