import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmojiAdders, SettingsResponse } from '@parley/protocol';
import { AddEmojiDialog } from '../../components/emoji/add-emoji-dialog';
import { CustomEmojiImage } from '../../components/emoji/custom-emoji';
import { useCustomEmojiLookup } from '../../components/emoji/custom-emoji-context';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { removeCustomEmoji } from '../../realtime/custom-emoji-writes';
import { useUserMap } from '../../realtime/use-users';
import './emoji-section.css';

/** The instance's custom emoji: who may add them, adding one, and removing any. */
export function EmojiSection({ settings }: { settings: SettingsResponse['settings'] | undefined }) {
  const qc = useQueryClient();
  const lookup = useCustomEmojiLookup();
  const users = useUserMap();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string>();
  const setAdders = useMutation({
    mutationFn: (emojiAdders: EmojiAdders) =>
      api<SettingsResponse>('PATCH', '/admin/settings', { emojiAdders }),
    onMutate: (emojiAdders) =>
      qc.setQueryData<SettingsResponse>(
        ['admin', 'settings'],
        (old) => old && { settings: { ...old.settings, emojiAdders } },
      ),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['admin', 'settings'] }),
        qc.invalidateQueries({ queryKey: ['instance'] }),
      ]),
  });
  const remove = useMutation({
    mutationFn: (name: string) => removeCustomEmoji(qc, name),
    onSettled: () => setRemoving(undefined),
  });
  const list = lookup?.list ?? [];
  return (
    <section className="card" aria-labelledby="emoji-title">
      <h2 id="emoji-title">Emoji</h2>
      <FailureNote error={setAdders.error ?? remove.error} />
      <div className="emoji-admin-bar">
        <label className="field emoji-adders">
          <span className="field-label">Who can add custom emoji</span>
          <select
            value={settings?.emojiAdders ?? 'members'}
            disabled={!settings}
            onChange={(e) => setAdders.mutate(e.target.value as EmojiAdders)}
          >
            <option value="members">Every member (not guests)</option>
            <option value="admins">Owners and admins only</option>
          </select>
        </label>
        <button type="button" className="button" onClick={() => setAdding(true)}>
          Add emoji
        </button>
      </div>
      {list.length === 0 ? (
        <p className="muted">No custom emoji yet.</p>
      ) : (
        <ul className="emoji-admin-list" aria-label="Custom emoji">
          {list.map((e) => (
            <li key={e.name}>
              <CustomEmojiImage emoji={e} large />
              <span className="emoji-admin-name">:{e.name}:</span>
              <span className="muted small emoji-admin-by">
                {e.addedBy ? `by ${users.get(e.addedBy)?.displayName ?? 'someone'}` : ''}
              </span>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Remove :${e.name}:`}
                onClick={() => setRemoving(e.name)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {adding && <AddEmojiDialog onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={!!removing}
        title="Remove emoji"
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(undefined)}
      >
        :{removing}: will no longer show as a picture. Messages and reactions that used it keep the name as
        text.
      </ConfirmDialog>
    </section>
  );
}
