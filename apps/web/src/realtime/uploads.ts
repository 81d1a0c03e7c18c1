import type { SealedFileMeta } from '@parley/crypto';
import type { FileInfo, FileResponse } from '@parley/protocol';
import { CSRF_HEADER, ERROR_MESSAGES, isErrorCode } from '@parley/protocol/client';
import { getConfig } from '../lib/config';

export type Upload = { done: Promise<FileInfo>; abort: () => void };

/**
 * POST /files with progress (fetch cannot report it), for one file; abort cancels it. A sealed upload
 * (ciphertext for an encrypted channel) goes as `file`, with no real name or type.
 */
export function uploadFile(
  file: File | Blob,
  channelId: string,
  onProgress: (fraction: number) => void,
  opts: { sealed?: boolean } = {},
): Upload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<FileInfo>((resolve, reject) => {
    const sealed = opts.sealed ? '&sealed=1' : '';
    xhr.open('POST', `${getConfig().apiBase}/files?channelId=${encodeURIComponent(channelId)}${sealed}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader(CSRF_HEADER, '1');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      const body = safeJson(xhr.responseText);
      if (xhr.status === 201) return resolve((body as FileResponse).file);
      const code = (body as { error?: { code?: string } })?.error?.code;
      reject(new Error(isErrorCode(code) ? ERROR_MESSAGES[code] : 'The upload failed.'));
    };
    xhr.onerror = () => reject(new Error('Cannot reach the server. Check your connection.'));
    xhr.onabort = () => reject(new Error('Upload cancelled.'));
    const form = new FormData();
    if (opts.sealed) form.append('file', new Blob([file], { type: 'application/octet-stream' }), 'file');
    else form.append('file', file, file instanceof File ? file.name : 'file');
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

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
): Promise<SealedFileMeta> {
  const { makeThumbnail, sealForChannel } = await import('../crypto/file-crypto');
  const thumb = await makeThumbnail(file);
  const send = async (blob: Blob, from: number, share: number) => {
    if (job.cancelled) throw new Error('Upload cancelled.');
    const sealed = await sealForChannel(blob, channelId);
    if (job.cancelled) throw new Error('Upload cancelled.');
    const upload = uploadFile(sealed.body, channelId, (p) => onProgress(from + p * share), { sealed: true });
    job.abort = upload.abort;
    return { key: sealed.key, sha256: sealed.sha256, id: (await upload.done).id };
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
