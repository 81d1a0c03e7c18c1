import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserResponse } from '@parley/protocol';
import { Dialog } from '../components/dialog';
import { FailureNote, Field } from '../components/field';
import { api } from '../lib/api';
import { keys } from '../realtime/keys';
import { tomorrowMorning } from './pause-notifications';

const CLEAR_AFTER = [
  { value: 'never', label: 'Don’t clear' },
  { value: 'hour', label: 'In 1 hour' },
  { value: 'today', label: 'Tomorrow morning' },
  { value: 'week', label: 'In a week' },
] as const;
type ClearAfter = (typeof CLEAR_AFTER)[number]['value'];

const untilFor = (choice: ClearAfter): string | null =>
  choice === 'never'
    ? null
    : new Date(
        choice === 'hour'
          ? Date.now() + 3_600_000
          : choice === 'week'
            ? Date.now() + 7 * 86_400_000
            : tomorrowMorning().getTime(),
      ).toISOString();

/** A custom status: an emoji and a few words others see beside the name, cleared when chosen. */
export function StatusDialog({ me, onClose }: { me: User; onClose: () => void }) {
  const qc = useQueryClient();
  const [emoji, setEmoji] = useState(me.customStatus?.emoji ?? '💬');
  const [text, setText] = useState(me.customStatus?.text ?? '');
  const [clearAfter, setClearAfter] = useState<ClearAfter>('today');
  const save = useMutation({
    mutationFn: (status: { text: string; emoji: string; until: string | null } | null) =>
      api<UserResponse>('PATCH', '/users/me', { status }),
    onSuccess: ({ user }) => {
      qc.setQueryData(keys.session, user);
      onClose();
    },
  });
  return (
    <Dialog title="Set a status" open onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ text: text.trim(), emoji, until: untilFor(clearAfter) });
        }}
      >
        <Field label="Emoji" value={emoji} maxLength={16} onValue={setEmoji} />
        <Field
          label="What are you up to?"
          value={text}
          maxLength={100}
          autoFocus
          onValue={setText}
          placeholder="In a meeting"
        />
        <label className="field">
          <span className="field-label">Clear after</span>
          <select value={clearAfter} onChange={(e) => setClearAfter(e.target.value as ClearAfter)}>
            {CLEAR_AFTER.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <FailureNote error={save.error} />
        <div className="form-actions">
          {me.customStatus && (
            <button type="button" className="button button-ghost" onClick={() => save.mutate(null)}>
              Clear status
            </button>
          )}
          <button type="submit" className="button" disabled={save.isPending || (!text.trim() && !emoji)}>
            Save status
          </button>
        </div>
      </form>
    </Dialog>
  );
}
