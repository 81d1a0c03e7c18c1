import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '@parley/protocol/client';
import { Dialog } from '../dialog';
import { ErrorNote, Field, FailureNote } from '../field';
import { addCustomEmoji } from '../../realtime/custom-emoji-writes';
import { useCustomEmojiLookup } from './custom-emoji-context';
import './custom-emoji.css';

const TYPES = ['image/png', 'image/gif', 'image/webp', 'image/jpeg'];
const NAME = /^[a-z0-9_+-]{1,32}$/;

/** A name from a file's name: `Party Parrot.gif` becomes `party-parrot`. */
export const nameFromFile = (file: string) =>
  file
    .replace(/\.[^.]*$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9_+-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.emojiNameMax);

/** What is wrong with the form before it is sent; the server checks again, and its answer shows too. */
function problemOf(name: string, file: File | undefined, taken: boolean): string | undefined {
  if (file && !TYPES.includes(file.type)) return 'Use a PNG, GIF, WebP or JPEG picture.';
  if (file && file.size > LIMITS.emojiImageMax) return 'The picture is over 256 KB: pick a smaller one.';
  if (name && !NAME.test(name)) return 'Names use a-z, 0-9, _, - and +, up to 32 characters.';
  if (taken) return `:${name}: is taken.`;
  return undefined;
}

/** "Add emoji": a picture and a name, previewed at the size a message shows it. */
export function AddEmojiDialog({ onClose }: { onClose: () => void }) {
  const qc = useQueryClient();
  const lookup = useCustomEmojiLookup();
  const [name, setName] = useState('');
  const [file, setFile] = useState<File>();
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!file) return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const add = useMutation({
    mutationFn: () => addCustomEmoji(qc, name, file!),
    onSuccess: onClose,
  });
  const problem = problemOf(name, file, !!lookup?.byName(name));
  return (
    <Dialog title="Add emoji" open onClose={onClose}>
      <form
        className="form add-emoji-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!problem && file && name) add.mutate();
        }}
      >
        <p className="add-emoji-hint">
          A square picture works best: PNG, GIF (animated too), WebP or JPEG, at most 256 KB. Everyone here
          can use it in messages and reactions.
        </p>
        <label className="field">
          <span className="field-label">Picture</span>
          <input
            type="file"
            accept={TYPES.join(',')}
            onChange={(e) => {
              const picked = e.target.files?.[0];
              setFile(picked);
              if (picked && !name) setName(nameFromFile(picked.name));
            }}
          />
        </label>
        <Field
          label="Name"
          hint="Type it between colons to use it, as in :parley-wave:"
          value={name}
          maxLength={LIMITS.emojiNameMax}
          autoCapitalize="off"
          spellCheck={false}
          onValue={(v) => setName(v.trim().toLowerCase().replace(/^:|:$/g, ''))}
          placeholder="partyparrot"
        />
        {preview && (
          <div className="add-emoji-preview" aria-label="Preview">
            <img className="custom-emoji custom-emoji-large" src={preview} alt="" />
            <span>
              Looks like this in a message:{' '}
              <img className="custom-emoji" src={preview} alt={name ? `:${name}:` : ''} />
            </span>
          </div>
        )}
        <ErrorNote error={problem} />
        <FailureNote error={add.error} />
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!file || !name || !!problem || add.isPending}>
            {add.isPending ? 'Adding…' : 'Add emoji'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
