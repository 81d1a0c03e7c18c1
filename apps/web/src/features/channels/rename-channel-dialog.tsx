import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Channel } from '@parley/protocol';
import { Dialog } from '../../components/dialog';
import { FailureNote, Field } from '../../components/field';
import { useUpdateChannel } from '../../realtime/use-channels';

/** A channel's new name; links to its messages keep working, and everyone's sidebar follows. */
export default function RenameChannelDialog({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const update = useUpdateChannel();
  const navigate = useNavigate();
  const [name, setName] = useState(channel.name);
  return (
    <Dialog title={`Rename #${channel.name}`} open onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (name === channel.name) return onClose();
          update.mutate(
            { id: channel.id, name },
            {
              onSuccess: ({ channel: renamed }) => {
                onClose();
                navigate(`/c/${renamed.name}`, { replace: true });
              },
            },
          );
        }}
      >
        <Field
          label="New name"
          value={name}
          required
          maxLength={64}
          hint="Lowercase letters, numbers, dashes and underscores."
          onChange={(e) => setName(e.target.value.toLowerCase().replace(/\s+/g, '-'))}
        />
        <FailureNote error={update.error} />
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!name.trim() || update.isPending}>
            Rename channel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
