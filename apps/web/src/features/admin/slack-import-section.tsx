import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportedLinksResponse, ImportJobResponse } from '@parley/protocol';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { downloadText } from '../../lib/download-text';

/** One CSV field, quoted when it must be. */
const field = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** The links as a CSV an admin can mail merge from: username, name, link, until when it works. */
export function linksCsv(links: ImportedLinksResponse['links'], origin: string): string {
  const rows = links.map((l) =>
    [l.username, l.displayName, `${origin}${l.path}`, l.expiresAt].map(field).join(','),
  );
  return ['username,name,link,expires', ...rows, ''].join('\n');
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Admin → Import from Slack: a workspace export's people, channels and history, brought in on the server while this shows how far it got. */
export function SlackImportSection() {
  const qc = useQueryClient();
  const [file, setFile] = useState<File>();
  const run = useMutation({
    mutationFn: (zip: File) => {
      const form = new FormData();
      form.append('file', zip);
      return api<ImportJobResponse>('POST', '/admin/import/slack', form);
    },
  });
  const links = useMutation({
    mutationFn: () => api<ImportedLinksResponse>('POST', '/admin/import/slack/links'),
    onSuccess: ({ links: made }) => {
      if (made.length)
        downloadText('parley-sign-in-links.csv', linksCsv(made, window.location.origin), 'text/csv');
    },
  });
  const id = run.data?.import.id;
  const job = useQuery({
    queryKey: ['admin', 'import', id],
    queryFn: () => api<ImportJobResponse>('GET', `/admin/imports/${id}`),
    enabled: !!id,
    initialData: run.data,
    refetchInterval: (q) => (q.state.data?.import.state === 'running' ? 1_000 : false),
  });
  const current = job.data?.import;
  const running = run.isPending || current?.state === 'running';
  const summary = current && current.state !== 'running' ? current.summary : undefined;
  // The people list and the security log show what it brought in.
  useEffect(() => {
    if (current?.state === 'done') void qc.invalidateQueries({ queryKey: ['admin'] });
  }, [current?.state, qc]);
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
        <button type="submit" className="button" disabled={!file || running}>
          {running ? 'Importing…' : 'Import'}
        </button>
      </form>
      <FailureNote error={run.error ?? job.error} />
      {current?.state === 'running' && (
        <p className="slack-import-progress" role="status">
          Importing… {current.summary.channels.length + current.summary.skipped.length} of{' '}
          {plural(current.summary.channelsTotal, 'channel')}, {plural(current.summary.messages, 'message')} so
          far. Everyone can keep chatting meanwhile.
        </p>
      )}
      {current?.state === 'failed' && (
        <p className="error-note" role="alert">
          The import stopped: {current.error}
        </p>
      )}
      {current?.state === 'interrupted' && (
        <p className="error-note" role="alert">
          The import stopped when the server did. Import the same file again to finish it: what came in stays.
        </p>
      )}
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
      <div className="slack-import-links">
        <p className="muted small">
          Slack’s export holds no passwords: each new person signs in first through a link that sets theirs
          (it works for 24 hours). Send them their links from a file of all of them.
        </p>
        <button
          type="button"
          className="button button-ghost"
          disabled={links.isPending}
          onClick={() => links.mutate()}
        >
          Download sign-in links (CSV)
        </button>
        <FailureNote error={links.error} />
        {links.data && (
          <p className="small" role="status">
            {links.data.links.length
              ? `Downloaded ${plural(links.data.links.length, 'link')}. Earlier links for them no longer work.`
              : 'Everyone imported has set a password.'}
          </p>
        )}
      </div>
    </section>
  );
}
