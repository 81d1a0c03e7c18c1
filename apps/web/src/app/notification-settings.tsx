import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel, ChannelResponse, NotifyLevel, User } from '@parley/protocol';
import { api, describeError } from '../lib/api';
import { isDirect, pausedUntil } from '../lib/names';
import { keys } from '../realtime/keys';
import { useChannels } from '../realtime/use-channels';
import { enableNotifications } from './desktop-notifications';
import { pauseTime, tomorrowMorning, usePause } from './pause-notifications';
import { NOTIFY_LEVELS } from '../lib/notify-levels';

const HOUR = 3_600_000;

/** Settings → Notifications: this browser's permission, a pause, and each channel's level and mute. */
export function NotificationSettings({ me }: { me: User }) {
  return (
    <>
      <DesktopPermission />
      <Pause me={me} />
      <ChannelLevels />
    </>
  );
}

const permissionNow = (): NotificationPermission | 'unsupported' =>
  'Notification' in window ? Notification.permission : 'unsupported';

function DesktopPermission() {
  const [permission, setPermission] = useState(permissionNow);
  const [tested, setTested] = useState(false);
  return (
    <section className="card" aria-labelledby="desktop-notifications">
      <h2 id="desktop-notifications">Desktop notifications</h2>
      {permission === 'granted' ? (
        <>
          <p>On in this browser. One tab shows them, for what each channel below is set to.</p>
          <div className="form-actions form-actions-start notify-actions">
            <button
              type="button"
              className="button button-ghost"
              onClick={() => {
                new Notification('Parley', { body: 'Notifications are on. A mention will look like this.' });
                setTested(true);
              }}
            >
              Send a test notification
            </button>
            {tested && <span className="muted small">Sent. None showed? Check the system’s settings.</span>}
          </div>
        </>
      ) : permission === 'denied' ? (
        <p>
          Blocked by this browser. To get them, allow notifications for this site in the browser’s site
          settings, then reload.
        </p>
      ) : permission === 'unsupported' ? (
        <p>This browser cannot show notifications.</p>
      ) : (
        <>
          <p>Off: this browser has not been asked yet.</p>
          <div className="form-actions form-actions-start notify-actions">
            <button
              type="button"
              className="button"
              onClick={() => void enableNotifications().then(() => setPermission(permissionNow()))}
            >
              Turn on desktop notifications
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function Pause({ me }: { me: User }) {
  const pause = usePause();
  const until = pausedUntil(me);
  return (
    <section className="card" aria-labelledby="pause-notifications">
      <h2 id="pause-notifications">Pause notifications</h2>
      <p className="muted">While paused, nothing notifies you; others see it on your avatar.</p>
      <div className="form-actions form-actions-start notify-actions">
        {until ? (
          <>
            <span>Paused until {pauseTime.format(until)}</span>
            <button
              type="button"
              className="button"
              disabled={pause.isPending}
              onClick={() => pause.mutate(null)}
            >
              Resume now
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="button button-ghost"
              disabled={pause.isPending}
              onClick={() => pause.mutate(new Date(Date.now() + HOUR))}
            >
              For 1 hour
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={pause.isPending}
              onClick={() => pause.mutate(tomorrowMorning())}
            >
              Until tomorrow
            </button>
          </>
        )}
      </div>
    </section>
  );
}

type MembershipChange = { id: string; notify?: NotifyLevel; muted?: boolean };

function ChannelLevels() {
  const qc = useQueryClient();
  const { data: channels = [] } = useChannels();
  // Set in the change's own event, so a checkbox or select shows it at once (a mutation's state comes a tick
  // later, and React put the box back meanwhile), and held while the server has not answered.
  const [held, setHeld] = useState<Record<string, Omit<MembershipChange, 'id'>>>({});
  const release = ({ id, ...fields }: MembershipChange) =>
    setHeld((all) => {
      const mine: Record<string, unknown> = { ...all[id] };
      for (const [key, value] of Object.entries(fields)) if (mine[key] === value) delete mine[key];
      return { ...all, [id]: mine };
    });
  const set = useMutation({
    mutationFn: ({ id, ...body }: MembershipChange) =>
      api<ChannelResponse>('PATCH', `/channels/${id}/membership`, body),
    // Only the fields this change set: a quicker answer or event for another field must not undo it.
    onSuccess: (res, { id, ...change }) =>
      qc.setQueryData<Channel[]>(keys.channels, (list) =>
        list?.map((c) =>
          c.id === id && c.membership && res.channel.membership
            ? { ...c, membership: { ...c.membership, ...pick(res.channel.membership, change) } }
            : c,
        ),
      ),
    onError: () => qc.invalidateQueries({ queryKey: keys.channels }),
    onSettled: (_res, _err, change) => release(change),
  });
  const change = (next: MembershipChange) => {
    const { id, ...fields } = next;
    setHeld((all) => ({ ...all, [id]: { ...all[id], ...fields } }));
    set.mutate(next);
  };
  const shown = channels
    .filter((c) => !isDirect(c) && c.membership)
    .map((c) => ({ ...c, membership: { ...c.membership!, ...held[c.id] } }));
  return (
    <section className="card" aria-labelledby="channel-notifications">
      <h2 id="channel-notifications">Channels</h2>
      <p className="muted">
        Direct messages, mentions and replies in threads you follow notify you unless a channel is set to
        Nothing. A muted channel stays out of bold unread, and only mentions notify.
      </p>
      {set.error && (
        <p className="error-note" role="alert">
          {describeError(set.error)}
        </p>
      )}
      <ul className="notify-list">
        {shown.map((c) => (
          <li key={c.id}>
            <span className="notify-channel">#{c.name}</span>
            <select
              aria-label={`Notifications for #${c.name}`}
              value={c.membership!.notify}
              onChange={(e) => change({ id: c.id, notify: e.target.value as NotifyLevel })}
            >
              {NOTIFY_LEVELS.map((l) => (
                <option key={l.value} value={l.value}>
                  {l.label}
                </option>
              ))}
            </select>
            <label className="check">
              <input
                type="checkbox"
                aria-label={`Mute #${c.name}`}
                checked={c.membership!.muted}
                onChange={(e) => change({ id: c.id, muted: e.target.checked })}
              />
              Mute
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The membership's values of the fields a change named. */
function pick<T extends object>(from: T, change: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.keys(change).map((k) => [k, from[k as keyof T]])) as Partial<T>;
}
