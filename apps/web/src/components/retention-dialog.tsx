import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Channel, RetentionPreviewResponse } from '@parley/protocol';
import { Dialog } from './dialog';
import { FailureNote } from './field';
import { RetentionChoice, draftDays, type RetentionDraft } from './retention-choice';
import { api } from '../lib/api';
import { daysWords, deletesNow } from '../lib/retention';
import { useSetChannelRetention } from '../realtime/use-channels';
import { useInstanceSettings } from '../realtime/use-instance';

/** What the dialog needs of a channel: the channel menu passes the channel, the admin page a row of its list. */
export type RetentionTarget = Pick<Channel, 'id' | 'name' | 'retention'>;

const draftOf = (channel: RetentionTarget): RetentionDraft =>
  !channel.retention
    ? { kind: 'team', days: '365' }
    : channel.retention.days === null
      ? { kind: 'forever', days: '365' }
      : { kind: 'days', days: String(channel.retention.days) };

/** An admin keeps one channel's messages as the team does, forever, or N days; a limit asks first with what it deletes now. */
export default function RetentionDialog({
  channel,
  onClose,
}: {
  channel: RetentionTarget;
  onClose: () => void;
}) {
  const team = useInstanceSettings()?.messageRetentionDays;
  const [draft, setDraft] = useState(() => draftOf(channel));
  const [asking, setAsking] = useState<RetentionPreviewResponse>();
  const save = useSetChannelRetention();
  const preview = useMutation({
    mutationFn: (days: number) =>
      api<RetentionPreviewResponse>('GET', `/admin/retention?days=${days}&channelId=${channel.id}`),
    onSuccess: setAsking,
  });
  const days = draftDays(draft);
  const retention = draft.kind === 'team' ? null : days === undefined ? undefined : { days };
  const store = () =>
    retention !== undefined && save.mutate({ id: channel.id, retention }, { onSuccess: onClose });

  return (
    <Dialog title={`Message retention for #${channel.name}`} open onClose={onClose}>
      {asking ? (
        <div className="form">
          <p>
            {deletesNow(asking, `in #${channel.name}`)} From then on, Parley deletes what passes that age
            every hour.
          </p>
          <p>Deleted messages cannot be brought back.</p>
          <FailureNote error={save.error} />
          <div className="form-actions">
            <button type="button" className="button button-ghost" onClick={() => setAsking(undefined)}>
              Back
            </button>
            <button type="button" className="button button-danger" disabled={save.isPending} onClick={store}>
              Delete and keep this setting
            </button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (retention?.days) preview.mutate(retention.days);
            else store();
          }}
        >
          <RetentionChoice
            draft={draft}
            onChange={setDraft}
            team={team === undefined ? '…' : team === null ? 'forever' : daysWords(team)}
          />
          <p className="muted small">Admins set this; members see it at the start of the channel.</p>
          <FailureNote error={save.error ?? preview.error} />
          <div className="form-actions">
            <button type="button" className="button button-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={retention === undefined || preview.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
