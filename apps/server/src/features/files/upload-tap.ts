import { SNIFF_BYTES, sniffType } from './file-types.js';
import { PICTURES } from './thumbnails.js';

/** Enough of the start to tell a picture by its first bytes. */
const MAGIC_BYTES = 16;

/**
 * Passes an upload's pieces on as they arrive, keeping only what its type and preview need: the
 * first 4 KB, and the whole file when it is a picture (sharp reads a picture whole).
 */
export class UploadTap {
  private head: Buffer[] = [];
  private headBytes = 0;
  private kept: Buffer[] | undefined = [];
  private decided = false;
  size = 0;

  constructor(private readonly sniff: boolean) {}

  /** The source's pieces; `check` runs after each and at the end, and throws to refuse the upload. */
  async *pass(source: AsyncIterable<Buffer>, check: () => void): AsyncGenerator<Buffer> {
    for await (const piece of source) {
      check();
      this.take(piece);
      yield piece;
    }
    check();
  }

  private take(piece: Buffer) {
    this.size += piece.length;
    if (!this.sniff) return;
    if (this.headBytes < SNIFF_BYTES) {
      this.head.push(piece.subarray(0, SNIFF_BYTES - this.headBytes));
      this.headBytes += Math.min(piece.length, SNIFF_BYTES - this.headBytes);
    }
    if (!this.kept) return;
    this.kept.push(piece);
    if (this.decided || this.headBytes < MAGIC_BYTES) return;
    // Decided once the first bytes are in: anything but a picture is never kept whole.
    this.decided = true;
    if (!PICTURES.has(this.type())) this.kept = undefined;
  }

  /** The type sniffed from the bytes (application/octet-stream when not sniffing). */
  type(): string {
    return this.sniff ? sniffType(Buffer.concat(this.head), this.size) : 'application/octet-stream';
  }

  /** The whole file, if it is a picture. */
  picture(): Buffer | undefined {
    return this.kept && PICTURES.has(this.type()) ? Buffer.concat(this.kept) : undefined;
  }
}
