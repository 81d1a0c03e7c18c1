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
