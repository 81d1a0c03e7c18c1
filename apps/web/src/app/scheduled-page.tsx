import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, ScheduledMessage, User } from '@parley/protocol';
import { ConfirmDialog } from '../components/confirm-dialog';
import { openOwnText } from '../crypto/message-crypto';
import { Icon } from '../components/dialog';
import { LaterMenu } from '../components/later-menu';
import { EditBox } from '../components/message/composer';
import { OpenSidebarButton } from '../components/open-sidebar-button';
import { describeError } from '../lib/api';
import { laterTime } from '../lib/later-choices';
import { placeName } from '../lib/names';
import { notify } from '../realtime/notices';
import {
  deleteScheduled,
  failureText,
  rescheduleMessage,
  rewriteScheduled,
  sendScheduledNow,
  useScheduled,
} from '../realtime/scheduled';
import { useChannels } from '../realtime/use-channels';
import { useOpenedText } from '../realtime/use-opened-text';
import { channelPath, threadPath } from '../features/threads/thread-link';
import { useNow } from '../features/threads/last-reply';
import './drafts-page.css';
import './scheduled-page.css';
import '../components/page-layout.css';

/** Messages set to go out later, soonest first, from every device; each can be sent now, moved, edited or deleted. */
export default function ScheduledPage({ me }: { me: User }) {
  const { data: scheduled, isLoading } = useScheduled();
  const { data: channels = [] } = useChannels();
  const byId = new Map(channels.map((c) => [c.id, c]));

  return (
    <section className="page drafts-page">
      <header className="channel-header">
        <OpenSidebarButton />
        <div className="channel-title">
          <h1>Scheduled</h1>
        </div>
      </header>
      <div className="drafts-scroll">
        {isLoading ? (
          <div className="list-loading" aria-busy="true">
            Loading scheduled messages…
          </div>
        ) : !scheduled?.length ? (
          <div className="drafts-empty">
            <h2>Nothing scheduled</h2>
            <p>
              To send a message later, type it and pick a time from the clock beside Send. It goes out then,
              whichever device you are on, and waits here until it does.
            </p>
          </div>
        ) : (
          <ul className="drafts-list" aria-label="Scheduled messages">
            {scheduled.map((s) => (
              <li key={s.id}>
                <ScheduledCard scheduled={s} channel={byId.get(s.channelId)} me={me} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function ScheduledCard({
  scheduled,
  channel,
  me,
}: {
  scheduled: ScheduledMessage;
  channel?: Channel;
  me: User;
}) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const now = useNow();
  const text = useOpenedText(
    scheduled,
    useCallback((s: ScheduledMessage) => openOwnText(s, me.id), [me.id]),
  );
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = placeName(channel, me);
  const where = scheduled.threadRootId ? `Thread in ${name}` : name;
  const to =
    channel &&
    (scheduled.threadRootId ? threadPath(channel, me, scheduled.threadRootId) : channelPath(channel, me));
  const run = async (what: string, action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      notify(`Could not ${what}: ${describeError(err)}`);
    } finally {
      setBusy(false);
    }
  };
  const place = {
    channelId: scheduled.channelId,
    encrypted: !!channel?.encrypted,
    threadRootId: scheduled.threadRootId,
    selfId: me.id,
  };
  const when = laterTime(new Date(scheduled.sendAt), now);

  return (
    <article className={`draft-card scheduled-card ${scheduled.failedCode ? 'scheduled-failed' : ''}`}>
      <div className="scheduled-card-head">
        <span className="draft-card-where">
          {channel?.encrypted && <Icon name="lock" size={12} />}
          {to ? <Link to={to}>{where}</Link> : where}
        </span>
        {scheduled.failedCode ? (
          <span className="scheduled-card-problem">
            <Icon name="alert" size={14} /> Not sent. {failureText(scheduled.failedCode)}
          </span>
        ) : (
          <span className="draft-card-time">
            <Icon name="clock" size={12} /> Sends {when}
          </span>
        )}
      </div>
      {editing ? (
        <EditBox
          initial={text ?? ''}
          onCancel={() => setEditing(false)}
          onSave={(next) => {
            setEditing(false);
            void run('save the message', () => rewriteScheduled(qc, place, scheduled.id, next));
          }}
        />
      ) : (
        <p className="draft-card-text">{text ?? <em>Sealed message: unlock encryption to read it</em>}</p>
      )}
      {/* Once its conversation is gone for its author, deleting it is all there is to do. */}
      <div className="scheduled-card-actions" aria-label={`Actions for the message to ${where}`} role="group">
        {channel && (
          <>
            <button
              type="button"
              className="button button-small"
              disabled={busy}
              onClick={() =>
                void run('send the message', async () => {
                  const sent = await sendScheduledNow(qc, scheduled.id);
                  notify(
                    `Sent to ${name}.`,
                    8_000,
                    to ? { label: 'View', run: () => navigate(to) } : undefined,
                  );
                  return sent;
                })
              }
            >
              Send now
            </button>
            <LaterMenu
              label="Reschedule"
              className="button button-ghost button-small"
              disabled={busy}
              note={`Sends ${when}`}
              pickLabel="Reschedule"
              onPick={(at) => void run('reschedule it', () => rescheduleMessage(qc, scheduled.id, at))}
            >
              Reschedule
            </LaterMenu>
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={busy || text === undefined}
              onClick={() => setEditing(true)}
            >
              Edit
            </button>
          </>
        )}
        <button
          type="button"
          className="icon-button"
          aria-label="Delete"
          title="Delete"
          disabled={busy}
          onClick={() => setDeleting(true)}
        >
          <Icon name="trash" size={16} />
        </button>
      </div>
      <ConfirmDialog
        open={deleting}
        title="Delete scheduled message?"
        confirmLabel="Delete"
        danger
        onClose={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          void run('delete it', () => deleteScheduled(qc, scheduled.id));
        }}
      >
        <p>It will not be sent to {name}.</p>
      </ConfirmDialog>
    </article>
  );
}
