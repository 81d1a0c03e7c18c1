import type { Socket } from 'node:net';
import { AppError } from '../errors.js';

/** Requests Node refuses before Fastify sees them (a URL or headers past 16 KB, bad HTTP) still get the envelope. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const error =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError('payload_too_large', 'The address or headers of the request are too large.')
      : new AppError('validation_failed', 'The request is not valid HTTP.');
  const body = JSON.stringify(error.toEnvelope());
  socket.end(
    `HTTP/1.1 ${error.status} ${error.status === 413 ? 'Payload Too Large' : 'Bad Request'}\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `connection: close\r\n\r\n${body}`,
  );
}
