import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWebhooksResponse } from '@parley/protocol';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { dateFormat } from '../../lib/date-format';
import { useUserMap } from '../../realtime/use-users';

type Listed = AdminWebhooksResponse['webhooks'][number];
const when = dateFormat({ month: 'short', day: 'numeric', year: 'numeric' });

/** Every incoming webhook on the instance, so an admin can see what posts where and stop any of them. */
export function WebhooksSection() {
  const qc = useQueryClient();
  const users = useUserMap();
  const [removing, setRemoving] = useState<Listed>();
  const list = useQuery({
    queryKey: ['admin', 'webhooks'],
    queryFn: () => api<AdminWebhooksResponse>('GET', '/admin/webhooks'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/webhooks/${id}`),
    onSuccess: () => setRemoving(undefined),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
  const webhooks = list.data?.webhooks ?? [];
  return (
    <section className="card" aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p className="muted">
        Members add them from a channel’s actions menu (Webhooks). Each posts into its channel under its own
        name while the person who added it may post there.
      </p>
      <FailureNote error={list.error ?? remove.error} />
      {webhooks.length === 0 ? (
        <p className="muted">{list.isLoading ? 'Loading…' : 'No webhooks yet.'}</p>
      ) : (
        <ul className="action-list admin-webhooks">
          {webhooks.map((w) => (
            <li key={w.id}>
              <span className="action-list-name">
                {w.name} <span className="muted">in #{w.channelName}</span>
              </span>
              <span className="small muted">
                Added by {users.get(w.createdBy)?.displayName ?? 'someone'} on{' '}
                {when.format(new Date(w.createdAt))}
                {' · '}
                {w.lastUsedAt ? `last posted ${when.format(new Date(w.lastUsedAt))}` : 'never posted'}
              </span>
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Remove ${w.name} in #${w.channelName}`}
                onClick={() => setRemoving(w)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!removing}
        title={`Remove “${removing?.name}”?`}
        confirmLabel="Remove webhook"
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => remove.mutate(removing!.id)}
      >
        It will stop posting to #{removing?.channelName} at once. Messages it posted stay.
      </ConfirmDialog>
    </section>
  );
}
