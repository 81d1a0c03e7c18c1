import { useEffect, useState } from 'react';
import type { SealedFileMeta } from '@parley/crypto';
import { fileSize } from '../../lib/file-size';
import { Dialog, Icon } from '../dialog';
import './sealed-files.css';

type Opened = { url?: string; error?: string };
/** Which channel's key sealed the files, and where the API is (passed in: this code loads lazily). */
type Where = { channelId: string; apiBase: string };

/** Decrypted previews are small and shown again on every scroll past: each is fetched and opened once. */
const thumbs = new Map<string, Promise<Blob>>();

// The file cipher's code loads with the first sealed file shown, not with the chat screen.
const openSealed = async (...args: Parameters<typeof import('../../crypto/file-crypto').openSealed>) =>
  (await import('../../crypto/file-crypto')).openSealed(...args);

/** Opens a sealed upload while mounted; its Blob URL goes when the component does. */
function useOpened(
  file: { id: string; key: string; sha256?: string; type: string } | undefined,
  where: Where,
  cache = false,
) {
  const [state, setState] = useState<Opened>({});
  useEffect(() => {
    if (!file) return;
    let url: string | undefined;
    let live = true;
    let blob = cache ? thumbs.get(file.id) : undefined;
    if (!blob) {
      blob = openSealed(file, where);
      if (cache) {
        thumbs.set(file.id, blob);
        blob.catch(() => thumbs.delete(file.id));
      }
    }
    blob.then(
      (b) => {
        if (!live) return;
        url = URL.createObjectURL(b);
        setState({ url });
      },
      (err: Error) => live && setState({ error: err.message }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file, where, cache]);
  return state;
}

/**
 * The files of an encrypted message, from what its envelope says: pictures from their decrypted
 * previews, everything else fetched, checked and decrypted here when asked for.
 */
export default function SealedFiles({ files, where }: { files: SealedFileMeta[]; where: Where }) {
  const [open, setOpen] = useState<SealedFileMeta>();
  return (
    <ul className="message-files" data-sealed-files>
      {files.map((f) => (
        <li key={f.id}>
          {f.thumb ? (
            <SealedPicture file={f} where={where} onOpen={() => setOpen(f)} />
          ) : /^(video|audio)\//.test(f.type) ? (
            <SealedMedia file={f} where={where} />
          ) : (
            <SealedCard file={f} where={where} />
          )}
        </li>
      ))}
      {open && <SealedLightbox file={open} where={where} onClose={() => setOpen(undefined)} />}
    </ul>
  );
}

function SealedPicture(props: { file: SealedFileMeta; where: Where; onOpen: () => void }) {
  const { file } = props;
  const thumb = useOpened(file.thumb, props.where, true);
  const shape = file.width && file.height ? { aspectRatio: `${file.width} / ${file.height}` } : undefined;
  if (thumb.error) return <SealedCard file={file} where={props.where} note={thumb.error} />;
  return (
    <button type="button" className="message-image" aria-label={`Open ${file.name}`} onClick={props.onOpen}>
      {thumb.url ? (
        <img src={thumb.url} alt={file.name} width={file.width} height={file.height} style={shape} />
      ) : (
        <span className="sealed-placeholder" style={shape}>
          <Icon name="lock" size={16} /> Decrypting…
        </span>
      )}
    </button>
  );
}

/** A download of the whole file, decrypted here and saved under its real name. */
function SealedCard({ file, where, note }: { file: SealedFileMeta; where: Where; note?: string }) {
  const [state, setState] = useState<'idle' | 'busy' | string>('idle');
  const save = async () => {
    setState('busy');
    try {
      const url = URL.createObjectURL(await openSealed(file, where));
      const a = document.createElement('a');
      a.href = url;
      a.download = file.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch (err) {
      setState((err as Error).message);
    }
  };
  const failed = state !== 'idle' && state !== 'busy';
  return (
    <div className="sealed-file">
      <button
        type="button"
        className="file-card sealed-card"
        onClick={() => void save()}
        disabled={state === 'busy'}
        aria-label={`Download ${file.name}`}
      >
        <Icon name="paperclip" size={18} />
        <span className="file-card-name">{file.name}</span>
        <span className="muted small">
          {state === 'busy' ? 'Decrypting…' : `${fileSize(file.size)} · ${file.type || 'file'}`}
        </span>
        <Icon name="lock" size={14} />
      </button>
      {(failed || note) && (
        <p className="sealed-error" role="alert">
          <Icon name="alert" size={14} /> {failed ? state : note}
        </p>
      )}
    </div>
  );
}

/** Video and audio of an encrypted channel are downloaded whole and decrypted, then play. */
function SealedMedia({ file, where }: { file: SealedFileMeta; where: Where }) {
  const [play, setPlay] = useState(false);
  const opened = useOpened(play ? file : undefined, where);
  if (!play) {
    return (
      <button type="button" className="file-card sealed-card" onClick={() => setPlay(true)}>
        <Icon name="lock" size={16} />
        <span className="file-card-name">{file.name}</span>
        <span className="muted small">{fileSize(file.size)} · Decrypt and play</span>
      </button>
    );
  }
  if (opened.error) return <SealedCard file={file} where={where} note={opened.error} />;
  if (!opened.url) return <p className="muted small">Decrypting {file.name}…</p>;
  return file.type.startsWith('video/') ? (
    <video className="message-video" src={opened.url} controls autoPlay aria-label={file.name} />
  ) : (
    <audio src={opened.url} controls autoPlay aria-label={file.name} />
  );
}

function SealedLightbox(props: { file: SealedFileMeta; where: Where; onClose: () => void }) {
  const { file } = props;
  const opened = useOpened(file, props.where);
  return (
    <Dialog title={file.name} open onClose={props.onClose} wide>
      <div className="lightbox">
        {opened.error ? (
          <p className="sealed-error" role="alert">
            <Icon name="alert" size={14} /> {opened.error}
          </p>
        ) : opened.url ? (
          <>
            <img src={opened.url} alt={file.name} />
            <a className="button button-ghost" href={opened.url} download={file.name}>
              Download
            </a>
          </>
        ) : (
          <p className="muted">
            <Icon name="lock" size={14} /> Decrypting…
          </p>
        )}
      </div>
    </Dialog>
  );
}
