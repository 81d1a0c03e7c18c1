import { isCryptoError, type SealedFileMeta } from '@parley/crypto';
import { openSealedFile, sealFile } from '@parley/crypto/files';

export type { SealedFileMeta };
// One lazily loaded chunk for everything about sealed files, the envelope's files payload too.
export { decodeMessagePayload, encodeMessagePayload } from '@parley/crypto/files';

/** The largest side of a preview made in the browser, in CSS pixels (shown at most 360 wide). */
const THUMB_MAX = 360;
const PREVIEWABLE = /^image\/(png|jpeg|gif|webp|bmp|avif)$/;

/** Seals a file for an encrypted channel: the ciphertext to upload, and what the envelope carries. */
export async function sealForChannel(data: Blob, channelId: string) {
  const sealed = await sealFile(new Uint8Array(await data.arrayBuffer()), channelId);
  return { body: new Blob([sealed.ciphertext as BlobPart]), key: sealed.key, sha256: sealed.sha256 };
}

/** A small JPEG of a picture, drawn here (the server never sees the picture), and the picture's size. */
export async function makeThumbnail(
  file: Blob,
): Promise<{ blob: Blob; width: number; height: number } | undefined> {
  if (!PREVIEWABLE.test(file.type) || typeof createImageBitmap !== 'function') return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = bitmap;
    const scale = Math.min(1, THUMB_MAX / Math.max(width, height));
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, w, h);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.82));
    return blob ? { blob, width, height } : undefined;
  } catch {
    // A picture the browser cannot decode goes without a preview, as a file to download.
    return undefined;
  }
}

export class SealedFileError extends Error {}

/** Fetches the ciphertext, checks every chunk and the checksum, and gives back the plaintext as a Blob. */
export async function openSealed(
  file: { id: string; key: string; sha256?: string; type: string },
  where: { channelId: string; apiBase: string },
): Promise<Blob> {
  const res = await fetch(`${where.apiBase}/files/${file.id}`, { credentials: 'include' });
  if (!res.ok)
    throw new SealedFileError(
      res.status === 404 ? 'This file is gone.' : 'The file could not be downloaded.',
    );
  try {
    const plain = await openSealedFile(new Uint8Array(await res.arrayBuffer()), file, where.channelId);
    return new Blob([plain as BlobPart], { type: file.type });
  } catch (err) {
    throw new SealedFileError(
      isCryptoError(err)
        ? 'This file was altered or is not the one sent: it failed its integrity check.'
        : 'The file could not be decrypted.',
    );
  }
}
