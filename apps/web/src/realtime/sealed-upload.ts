import type { SealedFileMeta } from '@parley/crypto';
import { makeThumbnail, sealForChannel } from '../crypto/file-crypto';
import type { uploadFile } from './uploads';

/** One sealed upload in progress; `abort` reaches whichever request is running. */
export type SealedJob = { cancelled: boolean; abort: () => void };

/**
 * For an encrypted channel: a preview drawn here for pictures, then each sealed under its own key and
 * uploaded as ciphertext. What a reader needs (keys, name, type, size) goes back to ride in the envelope.
 */
export async function uploadSealedFile(
  file: File,
  channelId: string,
  onProgress: (fraction: number) => void,
  job: SealedJob,
  // Passed in, so this lazily loaded code shares the uploader without splitting it from the composer's chunk.
  upload: typeof uploadFile,
): Promise<SealedFileMeta> {
  const thumb = await makeThumbnail(file);
  const send = async (blob: Blob, from: number, share: number) => {
    if (job.cancelled) throw new Error('Upload cancelled.');
    const sealed = await sealForChannel(blob, channelId);
    if (job.cancelled) throw new Error('Upload cancelled.');
    const sending = upload(sealed.body, channelId, (p) => onProgress(from + p * share), { sealed: true });
    job.abort = sending.abort;
    return { key: sealed.key, sha256: sealed.sha256, id: (await sending.done).id };
  };
  const preview = thumb && (await send(thumb.blob, 0, 0.1));
  const main = await send(file, preview ? 0.1 : 0, preview ? 0.9 : 1);
  return {
    id: main.id,
    key: main.key,
    name: file.name.slice(0, 255) || 'file',
    type: (file.type || 'application/octet-stream').slice(0, 255),
    size: file.size,
    sha256: main.sha256,
    ...(thumb && { width: thumb.width, height: thumb.height }),
    ...(preview && { thumb: { id: preview.id, key: preview.key, type: thumb.blob.type || 'image/jpeg' } }),
  };
}
