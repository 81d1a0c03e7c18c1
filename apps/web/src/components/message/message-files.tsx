import type { FileInfo } from '@parley/protocol';
import { getConfig } from '../../lib/config';
import { Icon } from '../dialog';

export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A message's files: pictures shown, everything else a card to download. */
export function MessageFiles({ files }: { files: FileInfo[] }) {
  if (files.length === 0) return null;
  const url = (f: FileInfo) => `${getConfig().apiBase}/files/${f.id}`;
  return (
    <ul className="message-files">
      {files.map((f) =>
        f.type.startsWith('image/') ? (
          <li key={f.id}>
            <a href={url(f)} target="_blank" rel="noopener noreferrer" className="message-image">
              <img src={url(f)} alt={f.name} loading="lazy" />
            </a>
          </li>
        ) : (
          <li key={f.id}>
            <a href={`${url(f)}?download`} className="file-card" download={f.name}>
              <Icon name="paperclip" size={18} />
              <span className="file-card-name">{f.name}</span>
              <span className="muted small">
                {fileSize(f.size)} · {f.type}
              </span>
            </a>
          </li>
        ),
      )}
    </ul>
  );
}
