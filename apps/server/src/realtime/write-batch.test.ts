import { describe, expect, it } from 'vitest';
import * as ws from 'ws';
import { textFrame } from './write-batch.js';

/** ws's frame parser, which its type declarations leave out. */
type Parser = {
  on(event: 'message', fn: (data: Buffer, isBinary: boolean) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  write(chunk: Buffer, done: () => void): void;
};
const { Receiver } = ws as unknown as { Receiver: new (options: object) => Parser };

/** What a WebSocket client reads from these bytes: each message's text. */
function read(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const messages: string[] = [];
    const receiver = new Receiver({ isServer: false, maxPayload: 0 });
    receiver.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      messages.push(data.toString());
    });
    receiver.on('error', reject);
    receiver.write(bytes, () => resolve(messages));
  });
}

describe('textFrame', () => {
  it('frames each length form a WebSocket client reads, as an Engine.IO message', async () => {
    // The payload's length in bytes: under 126, under 65,536, and above, where the header grows.
    const packets = [1, 124, 125, 200, 65_534, 65_535, 70_000].map((n) => `2["m","${'é'.repeat(n >> 1)}"]`);
    expect(await read(Buffer.concat(packets.map(textFrame)))).toEqual(packets.map((p) => `4${p}`));
  });
});
