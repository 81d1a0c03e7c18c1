import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog, Icon } from '../../components/dialog';
import { FailureNote, Field } from '../../components/field';
import { useCreateChannel } from '../../realtime/use-channels';

export function CreateChannelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateChannel();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [topic, setTopic] = useState('');
  const [kind, setKind] = useState<'public' | 'private'>('public');
  const [encrypted, setEncrypted] = useState(false);
  const close = () => {
    create.reset();
    setName('');
    setTopic('');
    setEncrypted(false);
    onClose();
  };
  return (
    <Dialog title="Create a channel" open={open} onClose={close}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(
            { name, kind, ...(topic.trim() ? { topic } : {}), ...(encrypted ? { encrypted } : {}) },
            {
              onSuccess: ({ channel }) => {
                close();
                navigate(`/c/${channel.name}`);
              },
            },
          );
        }}
      >
        <Field
          label="Name"
          value={name}
          autoFocus
          required
          maxLength={64}
          placeholder="e.g. design-review"
          hint="Lowercase letters, numbers, dashes and underscores."
          onChange={(e) => setName(e.target.value.toLowerCase().replace(/\s+/g, '-'))}
        />
        <Field
          label="Topic (optional)"
          value={topic}
          maxLength={250}
          onChange={(e) => setTopic(e.target.value)}
        />
        <fieldset className="radio-group">
          <legend>Who can join</legend>
          <label>
            <input
              type="radio"
              name="kind"
              checked={kind === 'public'}
              onChange={() => (setKind('public'), setEncrypted(false))}
            />{' '}
            Public: anyone in the team can find and join it
          </label>
          <label>
            <input
              type="radio"
              name="kind"
              checked={kind === 'private'}
              onChange={() => setKind('private')}
            />{' '}
            Private: only people who are added
          </label>
        </fieldset>
        <label className="check">
          <input
            type="checkbox"
            checked={encrypted}
            onChange={(e) => {
              setEncrypted(e.target.checked);
              if (e.target.checked) setKind('private');
            }}
          />{' '}
          <Icon name="lock" size={13} /> End-to-end encrypted: only members’ browsers can read it (private
          only)
        </label>
        <FailureNote error={create.error} />
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!name || create.isPending}>
            Create channel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
