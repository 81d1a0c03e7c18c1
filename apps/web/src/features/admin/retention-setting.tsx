import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceSettings, RetentionPreviewResponse, SettingsResponse } from '@parley/protocol';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FailureNote } from '../../components/field';
import { RetentionChoice, draftDays, type RetentionDraft } from '../../components/retention-choice';
import { api } from '../../lib/api';
import { daysWords, deletesNow } from '../../lib/retention';
import { RetentionChannels } from './retention-channels';

const draftOf = (days: number | null): RetentionDraft =>
  days === null ? { kind: 'forever', days: '365' } : { kind: 'days', days: String(days) };

/** How long messages are kept: forever, or N days after their last activity; a limit asks first, with what it deletes now. */
export function RetentionSetting({ settings }: { settings: InstanceSettings | undefined }) {
  const qc = useQueryClient();
  const saved = settings?.messageRetentionDays ?? null;
  const current = settings ? saved : undefined;
  const [draft, setDraft] = useState<RetentionDraft>(draftOf(saved));
  // The form follows the saved setting when it loads or changes, in the same render: it never shows a
  // default it then replaces (regression: "Forever", picked before the setting arrived, was undone by it).
  const [draftOfSaved, setDraftOfSaved] = useState(current);
  if (draftOfSaved !== current) {
    setDraftOfSaved(current);
    setDraft(draftOf(saved));
  }
  const [asking, setAsking] = useState<RetentionPreviewResponse>();
  const wanted = draftDays(draft);
  const changed = settings !== undefined && wanted !== undefined && wanted !== saved;

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
    else if (wanted !== undefined) preview.mutate(wanted);
  };

  return (
    <section className="card" aria-labelledby="retention-setting-title">
      <h2 id="retention-setting-title">Message retention</h2>
      {!asking && <FailureNote error={save.error ?? preview.error} />}
      {/* Checked here: the browser's own check would hold "Forever" back behind a number it no longer uses. */}
      {current === undefined ? (
        <p className="muted" aria-busy="true">
          Loading…
        </p>
      ) : (
        <form
          noValidate
          className="retention-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <RetentionChoice draft={draft} onChange={setDraft} />
          <p className="muted small">
            {saved === null
              ? 'Nothing is deleted for its age.'
              : `Messages, with their threads and files, are deleted ${daysWords(saved)} after their last activity: a reply keeps its thread. Checked every hour.`}
          </p>
          <div className="form-actions">
            <button type="submit" className="button" disabled={!changed || preview.isPending}>
              Save
            </button>
          </div>
        </form>
      )}
      <RetentionChannels />
      <ConfirmDialog
        open={!!asking}
        title={`Delete what is older than ${daysWords(wanted ?? 0)}?`}
        confirmLabel="Delete and keep this setting"
        danger
        busy={save.isPending}
        onConfirm={() => save.mutate(wanted ?? null)}
        onClose={() => setAsking(undefined)}
      >
        {asking && (
          <>
            <p>
              {deletesNow(asking, 'in every channel and direct message that follows this setting')} From then
              on, Parley deletes what passes that age every hour.
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
