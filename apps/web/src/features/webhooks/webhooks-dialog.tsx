import { useId, useState } from 'react';
import type { Channel, OutgoingWebhook, User, Webhook } from '@parley/protocol';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SecretOnce } from '../../components/secret-once';
import { Dialog } from '../../components/dialog';
import { FailureNote, Field } from '../../components/field';
import { managesChannel } from '../../lib/channel-rights';
import { dateFormat } from '../../lib/date-format';
import { OutgoingWebhooks } from './outgoing-webhooks';
import { RemoveOutgoingWebhook } from './remove-outgoing-webhook';
import { useAddWebhook, useRemoveWebhook, useRenewWebhookUrl, useWebhooks } from './use-webhooks';
import './webhooks.css';

const when = dateFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** A channel's webhooks. Incoming: add one (its URL shown once), see who added each and when it last posted, remove. */
export default function WebhooksDialog({
  channel,
  me,
  users,
  onClose,
}: {
  channel: Channel;
  me: User;
  users: Map<string, User>;
  onClose: () => void;
}) {
  const list = useWebhooks(channel.id);
  const add = useAddWebhook(channel.id);
  const remove = useRemoveWebhook(channel.id);
  const renew = useRenewWebhookUrl(channel.id);
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<Webhook>();
  const [renewing, setRenewing] = useState<Webhook>();
  const [removingOutgoing, setRemovingOutgoing] = useState<OutgoingWebhook>();
  const incomingId = useId();
  // The URL to show this once: a new webhook's, or one just given a new URL.
  const created = renew.data ?? add.data;
  const mayRemove = (w: Webhook) => w.createdBy === me.id || managesChannel(channel, me);
  const nameOf = (id: string) => (id === me.id ? 'you' : (users.get(id)?.displayName ?? 'someone'));

  return (
    <>
      <Dialog title={`Webhooks in #${channel.name}`} open onClose={onClose} wide>
        <section className="webhooks-section" aria-labelledby={incomingId}>
          <h3 id={incomingId}>Incoming webhooks</h3>
          <p className="muted">
            Other tools (CI, alerts, monitoring) post to a webhook’s URL, and their messages show here under
            its name.
          </p>
          {created ? (
            <SecretOnce
              label="Webhook URL"
              value={created.url}
              example={`curl -X POST -H 'Content-Type: application/json' \\\n  -d '{"text": "Hello from ${created.webhook.name}"}' \\\n  '${created.url}'`}
              actions={
                <>
                  <button
                    type="button"
                    className="button button-ghost"
                    onClick={() => {
                      add.reset();
                      renew.reset();
                    }}
                  >
                    Add another
                  </button>
                  <button type="button" className="button" onClick={onClose}>
                    Done
                  </button>
                </>
              }
            >
              <strong>{created.webhook.name}</strong> {renew.data ? 'has a new URL' : 'is ready'}. Copy its
              URL now: Parley keeps only a fingerprint of it, so it is not shown again.
            </SecretOnce>
          ) : (
            <form
              className="inline-form"
              onSubmit={(e) => {
                e.preventDefault();
                add.mutate(name.trim(), {
                  onSuccess: () => {
                    setName('');
                    renew.reset();
                  },
                });
              }}
            >
              <Field
                label="Name"
                hint="Shown on every message it posts, such as “CI” or “Alerts”."
                value={name}
                maxLength={64}
                required
                onValue={setName}
              />
              <button type="submit" className="button" disabled={!name.trim() || add.isPending}>
                Add webhook
              </button>
            </form>
          )}
          <FailureNote error={add.error ?? list.error} />
          <h4 className="webhook-list-title">
            {list.data?.webhooks.length ? `${list.data.webhooks.length} in this channel` : 'None yet'}
          </h4>
          <ul className="action-list">
            {list.data?.webhooks.map((w) => (
              <li key={w.id}>
                <span className="action-list-name">{w.name}</span>
                <span className="small muted">
                  Added by {nameOf(w.createdBy)} ·{' '}
                  {w.lastUsedAt ? `last posted ${when.format(new Date(w.lastUsedAt))}` : 'has not posted yet'}
                </span>
                {mayRemove(w) && (
                  <span className="action-list-actions">
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`New URL for ${w.name}`}
                      onClick={() => setRenewing(w)}
                    >
                      New URL
                    </button>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      aria-label={`Remove ${w.name}`}
                      onClick={() => setRemoving(w)}
                    >
                      Remove
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
        <OutgoingWebhooks
          channel={channel}
          me={me}
          users={users}
          onRemove={setRemovingOutgoing}
          onClose={onClose}
        />
      </Dialog>
      <ConfirmDialog
        open={!!removing}
        title={`Remove “${removing?.name}”?`}
        confirmLabel="Remove webhook"
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => remove.mutate(removing!.id, { onSuccess: () => setRemoving(undefined) })}
      >
        Tools using its URL will get an error from now on. Messages it posted stay.
        <FailureNote error={remove.error} />
      </ConfirmDialog>
      <ConfirmDialog
        open={!!renewing}
        title={`Give “${renewing?.name}” a new URL?`}
        confirmLabel="Make a new URL"
        busy={renew.isPending}
        onClose={() => setRenewing(undefined)}
        onConfirm={() =>
          renew.mutate(renewing!.id, {
            onSuccess: () => {
              add.reset();
              setRenewing(undefined);
            },
          })
        }
      >
        Its current URL stops working at once, as when it has leaked. Give the tools that use it the new one.
        <FailureNote error={renew.error} />
      </ConfirmDialog>
      <RemoveOutgoingWebhook
        channelId={channel.id}
        webhook={removingOutgoing}
        onClose={() => setRemovingOutgoing(undefined)}
      />
    </>
  );
}
