import { Suspense, useState } from 'react';
import type { FileInfo } from '@parley/protocol';
import { lazyChunk } from '../../lib/load-chunk';
import { getConfig } from '../../lib/config';
import { Icon } from '../dialog';
import { TextPreview } from './text-preview';
import './message-files.css';
import { fileSize } from '../../lib/file-size';

const Lightbox = lazyChunk(() => import('./lightbox'));

/** Pictures show within this box, keeping their shape. */
const PICTURE_BOX = { width: 360, height: 280 };

/** The size a picture shows at: its own when it fits, else scaled down to fit the box. */
export function fitWithin(width: number, height: number, box = PICTURE_BOX) {
  const scale = Math.min(1, box.width / width, box.height / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A message's files: pictures shown (a click opens them large), video and audio playable, the rest a card to download. */
export function MessageFiles({ files }: { files: FileInfo[] }) {
  const [open, setOpen] = useState<FileInfo>();
  if (files.length === 0) return null;
  const url = (f: FileInfo) => `${getConfig().apiBase}/files/${f.id}`;
  return (
    <ul className="message-files">
      {files.map((f) => (
        <li key={f.id}>
          {f.type.startsWith('image/') ? (
            <button
              type="button"
              className="message-image"
              aria-label={`Open ${f.name}`}
              onClick={() => setOpen(f)}
            >
              <img
                src={f.thumbnail ? `${url(f)}/thumbnail` : url(f)}
                alt={f.name}
                loading="lazy"
                {...(f.width && f.height && fitWithin(f.width, f.height))}
              />
            </button>
          ) : f.type.startsWith('video/') ? (
            <video className="message-video" src={url(f)} controls preload="metadata" aria-label={f.name} />
          ) : f.type.startsWith('audio/') ? (
            <audio src={url(f)} controls preload="metadata" aria-label={f.name} />
          ) : (
            <>
              <a href={`${url(f)}?download`} className="file-card" download={f.name}>
                <Icon name="paperclip" size={18} />
                <span className="file-card-name">{f.name}</span>
                <span className="muted small">
                  {fileSize(f.size)} · {f.type}
                </span>
              </a>
              {f.type === 'text/plain' && <TextPreview url={url(f)} name={f.name} size={f.size} />}
            </>
          )}
        </li>
      ))}
      {open && (
        <Suspense fallback={null}>
          <Lightbox file={open} url={url(open)} onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
    </ul>
  );
}
