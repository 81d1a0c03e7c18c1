import { useRef, useState } from 'react';
import type { SealedFileMeta } from '@parley/crypto';
import { LIMITS } from '@parley/protocol/client';
import { Icon } from '../dialog';
import { uploadFile } from '../../realtime/uploads';
import type { SealedJob } from '../../realtime/sealed-upload';
import { fileSize } from '../../lib/file-size';
import { loadChunk } from '../../lib/load-chunk';
import './message-files.css';

type Item = {
  key: number;
  file: File;
  progress: number;
  fileId?: string;
  error?: string;
  /** In an encrypted channel: the file's key, name and preview, sent inside the envelope. */
  sealed?: SealedFileMeta;
};

/**
 * Files attached in the composer: each uploads at once, with progress, cancel and retry. With `seal`
 * (an encrypted channel) each is encrypted here first and only its ciphertext goes up.
 */
export function useAttachments(channelId: string | undefined, seal = false) {
  const [items, setItems] = useState<Item[]>([]);
  const uploads = useRef(new Map<number, { abort: () => void }>());
  const next = useRef(0);
  const patch = (key: number, change: Partial<Item>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const start = (item: Item) => {
    if (!channelId) return;
    const onProgress = (progress: number) => patch(item.key, { progress });
    if (seal) {
      const job: SealedJob = { cancelled: false, abort: () => {} };
      uploads.current.set(item.key, {
        abort: () => {
          job.cancelled = true;
          job.abort();
        },
      });
      // The sealing code loads with the first file attached in an encrypted channel.
      loadChunk(() => import('../../realtime/sealed-upload'))
        .then(({ uploadSealedFile }) => uploadSealedFile(item.file, channelId, onProgress, job, uploadFile))
        .then(
          (meta) => patch(item.key, { fileId: meta.id, sealed: meta, progress: 1 }),
          (err: Error) => job.cancelled || patch(item.key, { error: err.message }),
        );
      return;
    }
    const upload = uploadFile(item.file, channelId, onProgress);
    uploads.current.set(item.key, upload);
    upload.done.then(
      (file) => patch(item.key, { fileId: file.id, progress: 1 }),
      (err: Error) => patch(item.key, { error: err.message }),
    );
  };
  const add = (files: Iterable<File>) => {
    const room = LIMITS.attachmentsPerMessage - items.length;
    const added = [...files]
      .slice(0, Math.max(0, room))
      .map((file) => ({ key: ++next.current, file, progress: 0 }));
    setItems((list) => [...list, ...added]);
    added.forEach(start);
  };
  const remove = (key: number) => {
    uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    setItems((list) => list.filter((i) => i.key !== key));
  };
  const retry = (item: Item) => {
    patch(item.key, { error: undefined, progress: 0 });
    start({ ...item, error: undefined });
  };

  const ready = items.every((i) => i.fileId);
  const sent = sentFiles(items);
  return {
    enabled: !!channelId,
    add,
    busy: items.length > 0 && !ready,
    fileIds: sent.fileIds,
    sealedFiles: sent.sealedFiles,
    count: items.length,
    /** Drops the files a send took, keeping any attached while it waited. */
    clearSent: (fileIds: string[]) =>
      setItems((list) => list.filter((i) => !i.fileId || !fileIds.includes(i.fileId))),
    chips:
      items.length === 0 ? null : (
        <ul className="attachment-chips" aria-label="Attached files">
          {items.map((item) => (
            <li key={item.key} className={`attachment-chip ${item.error ? 'attachment-failed' : ''}`}>
              <Icon name="paperclip" size={14} />
              <span className="attachment-name">{item.file.name}</span>
              <span className="muted small">
                {item.error ??
                  (item.fileId ? fileSize(item.file.size) : `${Math.round(item.progress * 100)}%`)}
              </span>
              {!item.fileId && !item.error && (
                <progress value={item.progress} max={1} aria-label={`Uploading ${item.file.name}`} />
              )}
              {item.error && (
                <button type="button" className="link-button" onClick={() => retry(item)}>
                  Retry
                </button>
              )}
              <button
                type="button"
                className="icon-button"
                aria-label={`Remove ${item.file.name}`}
                onClick={() => remove(item.key)}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      ),
  };
}

/** The uploads a send links to its message: every file, then sealed previews while the per-message limit allows. */
function sentFiles(items: Item[]): { fileIds: string[]; sealedFiles?: SealedFileMeta[] } {
  const fileIds = items.flatMap((i) => (i.fileId ? [i.fileId] : []));
  const sealed = items.flatMap((i) => (i.sealed ? [i.sealed] : []));
  if (sealed.length === 0) return { fileIds };
  const sealedFiles = sealed.map((meta) => {
    if (!meta.thumb || fileIds.length >= LIMITS.attachmentsPerMessage) {
      const { thumb: _dropped, ...rest } = meta;
      return rest;
    }
    fileIds.push(meta.thumb.id);
    return meta;
  });
  return { fileIds, sealedFiles };
}
