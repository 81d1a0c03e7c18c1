import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserResponse } from '@parley/protocol';
import { Dialog } from '../components/dialog';
import { Field } from '../components/field';
import { api, describeError } from '../lib/api';
import { pausedUntil } from '../lib/names';
import { keys } from '../realtime/keys';
import { notify } from '../realtime/notices';
import { dateFormat } from '../lib/date-format';

export const pauseTime = dateFormat({ weekday: 'short', hour: 'numeric', minute: '2-digit' });
const HOUR = 3_600_000;

/** Tomorrow at 9 in the morning, local time: "until tomorrow" as people mean it. */
export function tomorrowMorning(now = new Date()): Date {
  const next = new Date(now);
  next.setDate(now.getDate() + 1);
  next.setHours(9, 0, 0, 0);
  return next;
}

export function usePause() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (until: Date | null) =>
      api<UserResponse>('PATCH', '/users/me', { dndUntil: until?.toISOString() ?? null }),
    onSuccess: ({ user }) => qc.setQueryData(keys.session, user),
    onError: (err) => notify(`Could not change do not disturb: ${describeError(err)}`),
  });
}

/** The account menu's do-not-disturb items: pause for an hour, until tomorrow or a chosen time; resume. */
export function PauseItems({ me, onDone }: { me: User; onDone: () => void }) {
  const pause = usePause();
  const [choosing, setChoosing] = useState(false);
  const until = pausedUntil(me);
  const act = (value: Date | null) => {
    pause.mutate(value);
    onDone();
  };
  if (until)
    return (
      <>
        <span className="menu-note">Notifications paused until {pauseTime.format(until)}</span>
        <button type="button" role="menuitem" onClick={() => act(null)}>
          Resume notifications
        </button>
      </>
    );
  return (
    <>
      <button type="button" role="menuitem" onClick={() => act(new Date(Date.now() + HOUR))}>
        Pause notifications for 1 hour
      </button>
      <button type="button" role="menuitem" onClick={() => act(tomorrowMorning())}>
        Pause until tomorrow
      </button>
      <button type="button" role="menuitem" onClick={() => setChoosing(true)}>
        Pause until…
      </button>
      {choosing && (
        <PauseDialog
          onClose={() => setChoosing(false)}
          onPause={(value) => {
            setChoosing(false);
            act(value);
          }}
        />
      )}
    </>
  );
}

function PauseDialog({ onClose, onPause }: { onClose: () => void; onPause: (until: Date) => void }) {
  const [value, setValue] = useState(() => localInput(tomorrowMorning()));
  const [openedAt] = useState(() => new Date());
  const chosen = new Date(value);
  const valid = !Number.isNaN(chosen.getTime()) && chosen > openedAt;
  return (
    <Dialog title="Pause notifications until" open onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (valid) onPause(chosen);
        }}
      >
        <Field
          label="Until"
          type="datetime-local"
          value={value}
          min={localInput(openedAt)}
          onValue={setValue}
          hint={valid ? undefined : 'Choose a time in the future.'}
        />
        <div className="form-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!valid}>
            Pause notifications
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A date as a datetime-local input's value, in local time. */
const localInput = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
