import { Suspense, useState } from 'react';
import type { Message } from '@parley/protocol';
import { lazyChunk } from '../../lib/load-chunk';

const EditHistory = lazyChunk(() => import('./edit-history'));

/** "(edited)" after the text; a click shows the earlier versions. */
export function EditedMark({ message, authorName }: { message: Message; authorName: string }) {
  const [open, setOpen] = useState(false);
  if (!message.editedAt) return null;
  return (
    <span className="edited-anchor">
      <button
        type="button"
        className="message-edited"
        aria-expanded={open}
        title="Show earlier versions"
        onClick={() => setOpen((v) => !v)}
      >
        (edited)
      </button>
      {open && (
        <Suspense fallback={null}>
          <EditHistory message={message} authorName={authorName} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  );
}
