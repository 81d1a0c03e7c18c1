import type { FileInfo } from '@parley/protocol';
import { Dialog } from '../dialog';
import './message-files.css';

/** A picture at full size, with its name and a download; Escape or × closes it. */
export default function Lightbox({
  file,
  url,
  onClose,
}: {
  file: FileInfo;
  url: string;
  onClose: () => void;
}) {
  return (
    <Dialog title={file.name} open onClose={onClose} wide>
      <div className="lightbox">
        <img src={url} alt={file.name} />
        <a className="button button-ghost" href={`${url}?download`} download={file.name}>
          Download
        </a>
      </div>
    </Dialog>
  );
}
