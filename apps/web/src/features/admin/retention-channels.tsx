import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AdminChannelsResponse, RetentionChannelsResponse } from '@parley/protocol';
import { lazyChunk } from '../../lib/load-chunk';
import type { RetentionTarget } from '../../components/retention-dialog';
import { api } from '../../lib/api';
import { daysWords } from '../../lib/retention';

const RetentionDialog = lazyChunk(() => import('../../components/retention-dialog'));

const words = (days: number | null) => (days === null ? 'forever' : daysWords(days));

/** Channels with a retention of their own, and finding any channel (private ones too) to give it one. */
export function RetentionChannels() {
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<RetentionTarget>();
  const own = useQuery({
    queryKey: ['admin', 'retention-channels'],
    queryFn: () => api<RetentionChannelsResponse>('GET', '/admin/retention/channels'),
  });
  const found = useQuery({
    queryKey: ['admin', 'channels', q.trim()],
    queryFn: () => api<AdminChannelsResponse>('GET', `/admin/channels?q=${encodeURIComponent(q.trim())}`),
    enabled: q.trim().length > 0,
  });

  return (
    <div className="retention-channels">
      <h3 className="retention-own-title">Channels with their own setting</h3>
      {own.data?.channels.length ? (
        <ul className="retention-own">
          {own.data.channels.map((c) => (
            <li key={c.id}>
              <Link to={`/c/${c.name}`}>#{c.name}</Link>
              <span className="muted">{words(c.days)}</span>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Change #${c.name}`}
                onClick={() => setEditing({ id: c.id, name: c.name, retention: { days: c.days } })}
              >
                Change
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">None: every channel and direct message follows the setting above.</p>
      )}
      <label className="field retention-find">
        <span className="field-label">Give a channel its own setting</span>
        <input
          type="search"
          value={q}
          placeholder="Channel name"
          maxLength={64}
          onChange={(e) => setQ(e.target.value)}
        />
      </label>
      {found.data && (
        <ul className="retention-own" aria-label="Channels found">
          {found.data.channels.map((c) => (
            <li key={c.id}>
              <button type="button" className="link-button" onClick={() => setEditing(c)}>
                #{c.name}
              </button>
              <span className="muted">
                {c.retention ? words(c.retention.days) : 'as the team does'}
                {c.kind === 'private' ? ' · private' : ''}
                {c.archived ? ' · archived' : ''}
              </span>
            </li>
          ))}
          {found.data.channels.length === 0 && (
            <li className="muted">No channel starts with “{q.trim()}”.</li>
          )}
        </ul>
      )}
      {editing && (
        <Suspense fallback={null}>
          <RetentionDialog channel={editing} onClose={() => setEditing(undefined)} />
        </Suspense>
      )}
    </div>
  );
}
