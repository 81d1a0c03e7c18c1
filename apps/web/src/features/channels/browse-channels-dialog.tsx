import { useNavigate } from 'react-router';
import { Dialog } from '../../components/dialog';
import { FailureNote } from '../../components/field';
import { useBrowseChannels, useJoinChannel } from '../../realtime/use-channels';
import './channels.css';

export function BrowseChannelsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data = [], isLoading } = useBrowseChannels(open);
  const join = useJoinChannel();
  const navigate = useNavigate();
  return (
    <Dialog title="Browse channels" open={open} onClose={onClose} wide>
      {isLoading && <p className="muted">Loading…</p>}
      <FailureNote error={join.error} />
      <ul className="browse-list">
        {data.map((c) => (
          <li key={c.id}>
            <div>
              <strong># {c.name}</strong>
              <span className="muted small">
                {c.memberCount} {c.memberCount === 1 ? 'member' : 'members'}
                {c.topic ? ` · ${c.topic}` : ''}
              </span>
            </div>
            {c.membership ? (
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => {
                  onClose();
                  navigate(`/c/${c.name}`);
                }}
              >
                Open
              </button>
            ) : (
              <button
                type="button"
                className="button button-small"
                onClick={() =>
                  join.mutate(c.id, {
                    onSuccess: () => {
                      onClose();
                      navigate(`/c/${c.name}`);
                    },
                  })
                }
              >
                Join
              </button>
            )}
          </li>
        ))}
        {!isLoading && data.length === 0 && <li className="muted">No public channels yet.</li>}
      </ul>
    </Dialog>
  );
}
