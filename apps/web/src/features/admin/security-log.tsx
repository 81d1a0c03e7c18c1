import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditResponse } from '@parley/protocol';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { dateFormat } from '../../lib/date-format';
import { useEnsureUsers, useUserMap } from '../../realtime/use-users';
import { auditSentence } from './audit-words';

const PAGE = 25;
const when = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });

/** Admin → Security log: sign-ins and changes to accounts and settings, newest first. */
export function SecurityLog() {
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    queryFn: ({ pageParam }) =>
      api<AuditResponse>('GET', `/admin/audit?limit=${PAGE}${pageParam ? `&before=${pageParam}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Others' sign-ins and changes arrive while the page is open.
    refetchInterval: 30_000,
  });
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const users = useUserMap();
  const ids = entries.flatMap((e) => [e.actorId, e.targetId]).filter((id): id is string => !!id);
  useEnsureUsers(ids, users, !!log.data);
  const name = (id: string | null) => (id ? (users.get(id)?.displayName ?? 'Someone') : 'The admin tool');

  return (
    <section className="card" aria-labelledby="security-log-title">
      <h2 id="security-log-title">Security log</h2>
      <p className="muted small">Sign-ins and changes to accounts, access and settings, kept for a year.</p>
      <FailureNote error={log.error} />
      <ol className="security-log">
        {entries.map((e) => (
          <li key={e.id}>
            <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
            <span>
              <strong>{e.action === 'history_pruned' ? 'Parley' : name(e.actorId)}</strong>{' '}
              {auditSentence(e, name)}
            </span>
            {e.address && <span className="muted small">{e.address}</span>}
          </li>
        ))}
      </ol>
      {log.hasNextPage && (
        <button
          type="button"
          className="button button-ghost"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          Show more
        </button>
      )}
    </section>
  );
}
