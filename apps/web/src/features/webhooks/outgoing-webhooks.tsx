import { Fragment, useId } from 'react';
import type { Channel, OutgoingWebhook, User } from '@parley/protocol';
import { FailureNote } from '../../components/field';
import { managesChannel } from '../../lib/channel-rights';
import { dateFormat } from '../../lib/date-format';
import { AddOutgoingWebhook } from './add-outgoing-webhook';
import { useOutgoingWebhooks } from './use-webhooks';

const when = dateFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "bots.example.com" from its URL; the URL itself should it not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * A channel's outgoing webhooks: where its messages go, on which words, how the last call went; admins add.
 * Removal is asked by `onRemove` outside the webhooks dialog: a dialog inside it would close it on closing.
 */
export function OutgoingWebhooks({
  channel,
  me,
  users,
  onRemove,
  onClose,
}: {
  channel: Channel;
  me: User;
  users: Map<string, User>;
  onRemove: (webhook: OutgoingWebhook) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const list = useOutgoingWebhooks(channel.id);
  const webhooks = list.data?.webhooks ?? [];
  const manages = managesChannel(channel, me);
  const mayRemove = (w: OutgoingWebhook) => w.createdBy === me.id || manages;
  const nameOf = (id: string) => (id === me.id ? 'you' : (users.get(id)?.displayName ?? 'someone'));

  return (
    <section className="webhooks-section" aria-labelledby={titleId}>
      <h3 id={titleId}>Outgoing webhooks</h3>
      <p className="muted">
        Parley sends this channel’s messages to a URL (a bot, a deploy tool); its answer is posted here.
      </p>
      {manages ? (
        <AddOutgoingWebhook channelId={channel.id} onClose={onClose} />
      ) : (
        <p className="small muted">Channel admins can add outgoing webhooks.</p>
      )}
      <FailureNote error={list.error} />
      <h4 className="webhook-list-title">
        {webhooks.length ? `${webhooks.length} in this channel` : 'None yet'}
      </h4>
      <ul className="action-list">
        {webhooks.map((w) => (
          <li key={w.id}>
            <span className="action-list-name">{w.name}</span>
            <div className="small muted outgoing-webhook-about">
              <div>
                To <span title={w.url}>{hostOf(w.url)}</span>:{' '}
                {w.triggerWords.length ? (
                  <>
                    messages starting with
                    {w.triggerWords.map((word) => (
                      <Fragment key={word}>
                        {' '}
                        <span className="trigger-word">{word}</span>
                      </Fragment>
                    ))}
                  </>
                ) : (
                  'every message'
                )}
              </div>
              <div>
                Added by {nameOf(w.createdBy)} · {when.format(new Date(w.createdAt))}
              </div>
              <LastCall webhook={w} />
            </div>
            {mayRemove(w) && (
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Remove ${w.name}`}
                onClick={() => onRemove(w)}
              >
                Remove
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function LastCall({ webhook: { lastResult, lastCalledAt } }: { webhook: OutgoingWebhook }) {
  if (!lastResult) return <div>Not called yet</div>;
  const at = lastCalledAt ? ` · ${when.format(new Date(lastCalledAt))}` : '';
  return (
    <div
      className={lastResult === 'ok' ? undefined : 'last-call-failed'}
    >{`Last call: ${lastResult}${at}`}</div>
  );
}
