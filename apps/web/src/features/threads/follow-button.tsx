import { useState } from 'react';
import type { ThreadState } from '@parley/protocol';
import { describeError } from '../../lib/api';
import { useFollowThread } from './use-thread';

/** Following a thread puts it in the Threads view and counts its unread replies. */
export function FollowButton({ thread }: { thread: ThreadState }) {
  const follow = useFollowThread();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <button
      type="button"
      className={`button button-small thread-follow ${thread.following ? 'button-ghost' : ''}`}
      aria-pressed={thread.following}
      disabled={busy}
      title={error ?? (thread.following ? 'Stop following this thread' : 'Get its replies in Threads')}
      onClick={async () => {
        setBusy(true);
        setError(undefined);
        try {
          await follow(thread.rootId, !thread.following);
        } catch (err) {
          setError(describeError(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {thread.following ? 'Following' : 'Follow'}
    </button>
  );
}
