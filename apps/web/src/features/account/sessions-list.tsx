import type { SessionInfo } from '@parley/protocol';
import { FailureNote } from '../../components/field';
import { deviceName } from './device-name';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './use-account';
import './account.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function SessionsList() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  return (
    <section className="card" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you are signed in</h2>
      <FailureNote error={sessions.error ?? revoke.error ?? revokeOthers.error} />
      <ul className="session-list" aria-busy={sessions.isLoading}>
        {list.map((s) => (
          <SessionRow key={s.id} session={s} busy={revoke.isPending} onRevoke={() => revoke.mutate(s.id)} />
        ))}
      </ul>
      {revokeOthers.isSuccess && (
        <p className="notice" role="status">
          Signed out of {revokeOthers.data.revoked} other{' '}
          {revokeOthers.data.revoked === 1 ? 'session' : 'sessions'}.
        </p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button-ghost"
          disabled={others === 0 || revokeOthers.isPending}
          onClick={() => revokeOthers.mutate(undefined)}
        >
          Sign out everywhere else
        </button>
      </div>
    </section>
  );
}

function SessionRow({
  session,
  busy,
  onRevoke,
}: {
  session: SessionInfo;
  busy: boolean;
  onRevoke: () => void;
}) {
  const name = deviceName(session.userAgent);
  return (
    <li className="session-row">
      <div className="session-main">
        <span className="session-device" title={session.userAgent}>
          {name}
        </span>
        {session.current && <span className="badge badge-current">This device</span>}
        <span className="muted small session-times">
          Signed in {when(session.createdAt)} · last active {when(session.lastActiveAt)}
        </span>
      </div>
      {!session.current && (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Sign out ${name}, signed in ${when(session.createdAt)}`}
          disabled={busy}
          onClick={onRevoke}
        >
          Sign out
        </button>
      )}
    </li>
  );
}
