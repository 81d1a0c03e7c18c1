/**
 * Plaintext is padded to a bucket before encryption, so the server sees a size class, not a length.
 * The pad is NUL characters, which a message body never contains; unpadded messages have none.
 */
export const PAD_BUCKETS = [256, 1024, 4096, 16_384, 32_768, 48_000] as const;

const PAD = '\u0000';
const encoder = new TextEncoder();

/** The text with at least one NUL after it, up to the smallest bucket (in UTF-8 bytes) that holds both. */
export function padText(text: string): string {
  const bytes = encoder.encode(text).length;
  const bucket = PAD_BUCKETS.find((size) => size > bytes);
  // Past the largest bucket the server refuses the message anyway; it goes unpadded.
  if (bucket === undefined) return text;
  return text + PAD.repeat(bucket - bytes);
}

/** Strips the pad; a message sent before padding comes back unchanged. */
export function unpadText(text: string): string {
  const at = text.indexOf(PAD);
  return at === -1 ? text : text.slice(0, at);
}
