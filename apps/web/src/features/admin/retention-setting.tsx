import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceSettings, RetentionPreviewResponse, SettingsResponse } from '@parley/protocol';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNote, FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { daysWords } from '../../lib/retention';

const MAX_DAYS = 36_500;
const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
const count = (n: number, word: string) => `${n.toLocaleString()} ${word}${n === 1 ? '' : 's'}`;

/** How long messages are kept: forever, or N days after their last activity; a limit asks first, with what it deletes now. */
export function RetentionSetting({ settings }: { settings: InstanceSettings | undefined }) {
  const qc = useQueryClient();
  const saved = settings?.messageRetentionDays ?? null;
  const [limited, setLimited] = useState(false);
  const [days, setDays] = useState('365');
  const [asking, setAsking] = useState<RetentionPreviewResponse>();
  useEffect(() => {
    setLimited(saved !== null);
    if (saved !== null) setDays(String(saved));
  }, [saved]);
  const parsed = Number(days);
  const valid = Number.isInteger(parsed) && parsed >= 1 && parsed <= MAX_DAYS;
  const wanted = limited ? parsed : null;
  const changed = settings !== undefined && wanted !== saved;

  const save = useMutation({
    mutationFn: (messageRetentionDays: number | null) =>
      api<SettingsResponse>('PATCH', '/admin/settings', { messageRetentionDays }),
    onSuccess: (res) => {
      qc.setQueryData(['admin', 'settings'], res);
      setAsking(undefined);
    },
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['admin'] }),
        qc.invalidateQueries({ queryKey: ['instance'] }),
      ]),
  });
  const preview = useMutation({
    mutationFn: (n: number) => api<RetentionPreviewResponse>('GET', `/admin/retention?days=${n}`),
    onSuccess: setAsking,
  });
  const submit = () => {
    save.reset();
    if (wanted === null) save.mutate(null);
    else if (valid) preview.mutate(wanted);
  };

  return (
    <section className="card" aria-labelledby="retention-setting-title">
      <h2 id="retention-setting-title">Message retention</h2>
      {!asking && <FailureNote error={save.error ?? preview.error} />}
      {/* Checked here: the browser's own check would hold "Forever" back behind a number it no longer uses. */}
      <form
        noValidate
        className="retention-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="radio-group">
          <legend>Keep messages and files</legend>
          <label>
            <input type="radio" name="retention" checked={!limited} onChange={() => setLimited(false)} />{' '}
            Forever
          </label>
          <label className="retention-days">
            <input type="radio" name="retention" checked={limited} onChange={() => setLimited(true)} /> For
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_DAYS}
              value={days}
              aria-label="Days to keep messages"
              aria-invalid={limited && !valid}
              onFocus={() => setLimited(true)}
              onChange={(e) => setDays(e.target.value)}
            />
            days after their last activity
          </label>
        </fieldset>
        <ErrorNote
          error={
            limited && !valid
              ? `Enter a whole number of days from 1 to ${MAX_DAYS.toLocaleString()}.`
              : undefined
          }
        />
        <p className="muted small">
          {saved === null
            ? 'Nothing is deleted for its age.'
            : `Messages, with their threads and files, are deleted ${daysWords(saved)} after their last activity: a reply keeps its thread. Checked every hour.`}
        </p>
        <div className="form-actions">
          <button
            type="submit"
            className="button"
            disabled={!changed || (limited && !valid) || preview.isPending}
          >
            Save
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={!!asking}
        title={`Delete what is older than ${daysWords(wanted ?? 0)}?`}
        confirmLabel="Delete and keep this setting"
        danger
        busy={save.isPending}
        onConfirm={() => save.mutate(wanted)}
        onClose={() => setAsking(undefined)}
      >
        {asking && (
          <>
            <p>
              {asking.messages > 0 ? (
                <>
                  <strong>
                    {count(asking.messages, 'message')}
                    {asking.files > 0 && ` and ${count(asking.files, 'file')}`}
                  </strong>{' '}
                  last active before {longDate.format(new Date(asking.before))} are deleted now, for everyone,
                  in every channel and direct message.
                </>
              ) : (
                'Nothing is that old yet.'
              )}{' '}
              From then on, Parley deletes what passes that age every hour.
            </p>
            <p>
              Deleted messages cannot be brought back. To keep a copy, export a channel first from its menu
              (Export history).
            </p>
            <FailureNote error={save.error} />
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
