/** Pictures get their size read and, when large, a preview; sharp loads on the first picture, not at start. */
export const THUMB_EDGE = 720;
const STILLS = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** The types makePreview reads. */
export const PICTURES = new Set([...STILLS, 'image/gif']);
// A decompression bomb stops here rather than in memory.
export const MAX_PIXELS = 50_000_000;
// A small picture is its own preview.
const SMALL_BYTES = 200 * 1024;

export type Preview = { width: number; height: number; thumbnail?: Buffer };

let loading: Promise<typeof import('sharp')> | undefined;
export const loadSharp = () =>
  (loading ??= import('sharp').then((mod) => {
    // One core for pictures, so uploads never take the whole machine from messages.
    mod.default.concurrency(1);
    return mod;
  }));

export async function makePreview(data: Uint8Array, type: string): Promise<Preview | undefined> {
  if (!PICTURES.has(type)) return undefined;
  const sharp = (await loadSharp()).default;
  try {
    const image = sharp(data, { limitInputPixels: MAX_PIXELS, animated: false }).autoOrient();
    const meta = await image.metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    if (!width || !height) return undefined;
    // An animated GIF keeps playing inline: no still preview for it.
    if (!STILLS.has(type)) return { width, height };
    if (data.length <= SMALL_BYTES && Math.max(width, height) <= THUMB_EDGE) return { width, height };
    const thumbnail = await image
      .resize(THUMB_EDGE, THUMB_EDGE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { width, height, thumbnail };
  } catch {
    // Bytes that start like a picture but are not one are still stored, just without a preview.
    return undefined;
  }
}
