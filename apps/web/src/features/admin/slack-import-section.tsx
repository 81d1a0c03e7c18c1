import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlackImportSummary } from '@parley/protocol';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Admin → Import from Slack: a workspace export's people, channels and history brought in at once. */
export function SlackImportSection() {
  const qc = useQueryClient();
  const [file, setFile] = useState<File>();
  const run = useMutation({
    mutationFn: (zip: File) => {
      const form = new FormData();
      form.append('file', zip);
      return api<{ summary: SlackImportSummary }>('POST', '/admin/import/slack', form);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
  const summary = run.data?.summary;
  return (
    <section className="card" aria-labelledby="slack-import-title">
      <h2 id="slack-import-title">Import from Slack</h2>
      <p className="muted">
        In Slack, export the workspace’s data (Workspace settings → Import/Export Data → Export) and choose
        the .zip here. Parley brings in its people, public and private channels, messages, threads and
        reactions at their original times. File contents are not in Slack’s export, so each file shows by its
        name. Importing the same export again adds nothing.
      </p>
      <form
        className="slack-import-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (file) run.mutate(file);
        }}
      >
        <label className="field">
          <span className="field-label">Slack export (.zip)</span>
          <input
            type="file"
            accept=".zip,application/zip"
            onChange={(e) => {
              setFile(e.target.files?.[0]);
              run.reset();
            }}
          />
        </label>
        <button type="submit" className="button" disabled={!file || run.isPending}>
          {run.isPending ? 'Importing…' : 'Import'}
        </button>
      </form>
      <FailureNote error={run.error} />
      {summary && (
        <div className="slack-import-summary" role="status">
          <p>
            Imported {plural(summary.channels.length, 'channel')} and {plural(summary.messages, 'message')}.{' '}
            {summary.peopleCreated > 0 &&
              `${plural(summary.peopleCreated, 'new person', 'new people')} can sign in once you give each a password reset link in People. `}
            {summary.peopleMatched > 0 &&
              `${plural(summary.peopleMatched, 'person', 'people')} matched an account here by username.`}
          </p>
          {summary.channels.length > 0 && (
            <ul>
              {summary.channels.map((c) => (
                <li key={c.name}>
                  {c.private ? <span>#{c.name}</span> : <Link to={`/c/${c.name}`}>#{c.name}</Link>}{' '}
                  <span className="muted">
                    {plural(c.messages, 'message')}
                    {c.name !== c.from && ` · #${c.from} in Slack, renamed as the name is taken here`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {(summary.skipped.length > 0 || summary.messagesSkipped > 0) && (
            <p className="muted small">
              {summary.skipped.length > 0 &&
                `Left out, imported before: ${summary.skipped.map((s) => `#${s.name}`).join(', ')}. `}
              {summary.messagesSkipped > 0 &&
                `${plural(summary.messagesSkipped, 'entry', 'entries')} left out: joins, topic changes and the like (Parley writes its own), and any Slack could not have sent.`}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
