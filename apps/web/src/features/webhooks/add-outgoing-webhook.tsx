import { useState } from 'react';
import { FailureNote, Field } from '../../components/field';
import { SecretOnce } from '../../components/secret-once';
import { useAddOutgoingWebhook } from './use-webhooks';

/** "deploy, ship  hotfix" → ['deploy', 'ship', 'hotfix']. */
export const splitTriggerWords = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);

/** A channel admin's form for an outgoing webhook; once added, its signing secret shown this once. */
export function AddOutgoingWebhook({ channelId, onClose }: { channelId: string; onClose: () => void }) {
  const add = useAddOutgoingWebhook(channelId);
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [triggers, setTriggers] = useState('');

  if (add.data) {
    const { webhook, secret } = add.data;
    return (
      <SecretOnce
        label="Signing secret"
        value={secret}
        example={`# X-Parley-Signature: v1=HMAC-SHA256(secret, "v1:" + X-Parley-Timestamp + ":" + body)\nprintf 'v1:%s:%s' "$TIMESTAMP" "$BODY" | openssl dgst -sha256 -hmac '${secret}'`}
        actions={
          <>
            <button type="button" className="button button-ghost" onClick={() => add.reset()}>
              Add another
            </button>
            <button type="button" className="button" onClick={onClose}>
              Done
            </button>
          </>
        }
      >
        <strong>{webhook.name}</strong> is ready. Copy its signing secret now, for checking that calls come
        from Parley: it is not shown again.
      </SecretOnce>
    );
  }

  return (
    <form
      className="form outgoing-webhook-form"
      aria-label="Add outgoing webhook"
      onSubmit={(e) => {
        e.preventDefault();
        const body = { name: name.trim(), url: url.trim(), triggerWords: splitTriggerWords(triggers) };
        add.mutate(body, {
          onSuccess: () => {
            setName('');
            setUrl('');
            setTriggers('');
          },
        });
      }}
    >
      <div className="inline-form">
        <Field
          label="Name"
          hint="Its answers are posted under this name."
          value={name}
          maxLength={64}
          required
          onValue={setName}
        />
        <Field
          label="URL"
          type="url"
          placeholder="https://bots.example.com/parley"
          value={url}
          maxLength={2048}
          required
          onValue={setUrl}
        />
      </div>
      <Field
        label="Trigger words (optional)"
        hint="Separated by spaces or commas; empty sends every message."
        value={triggers}
        autoCapitalize="none"
        spellCheck={false}
        onValue={setTriggers}
      />
      <FailureNote error={add.error} />
      <div className="form-actions form-actions-start">
        <button type="submit" className="button" disabled={!name.trim() || !url.trim() || add.isPending}>
          Add outgoing webhook
        </button>
      </div>
    </form>
  );
}
