import { createHmac, timingSafeEqual } from 'node:crypto';

// The server signs each picture address it hands out, so its fetcher serves only those.
const sign = (secret: string, url: string) =>
  createHmac('sha256', secret).update(`parley:preview-image:${url}`).digest('base64url');

/** The path under the API base that shows a preview's picture through the server. */
export function imagePath(secret: string, url: string): string {
  return `/previews/image?u=${encodeURIComponent(url)}&s=${sign(secret, url)}`;
}

export function signedBy(secret: string, url: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, url));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
