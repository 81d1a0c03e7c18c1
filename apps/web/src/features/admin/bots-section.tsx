import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Bot, BotsResponse, BotTokenResponse, CreateBotBody } from '@parley/protocol';
import { CONTROL_CHARS, LIMITS, USERNAME_CHARS } from '@parley/protocol/client';
import { Avatar } from '../../components/avatar';
import { BotBadge } from '../../components/bot-badge';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FailureNote, Field } from '../../components/field';
import { SecretOnce } from '../../components/secret-once';
import { api } from '../../lib/api';
import { getConfig } from '../../lib/config';
import { dateFormat } from '../../lib/date-format';
import { useUserMap } from '../../realtime/use-users';
import './bots-section.css';

const when = dateFormat({ month: 'short', day: 'numeric', year: 'numeric' });
const tokenWords = (b: Bot) =>
  !b.hasToken
    ? 'no token'
    : b.lastUsedAt
      ? `token last used ${when.format(new Date(b.lastUsedAt))}`
      : 'token never used';
const apiUrl = () => new URL(getConfig().apiBase, window.location.href).href.replace(/\/$/, '');

/** Admin → Bots: accounts that scripts drive through the API with a token, added to channels like anyone. */
export function BotsSection() {
  const qc = useQueryClient();
  const users = useUserMap();
  const [username, setUsername] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [renewing, setRenewing] = useState<Bot>();
  const [removing, setRemoving] = useState<Bot>();
  const list = useQuery({
    queryKey: ['admin', 'bots'],
    queryFn: () => api<BotsResponse>('GET', '/admin/bots'),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin'] });
  const add = useMutation({
    mutationFn: (body: CreateBotBody) => api<BotTokenResponse>('POST', '/admin/bots', body),
    onSuccess: () => {
      setUsername('');
      setDisplayName('');
      renew.reset();
    },
    onSettled: refresh,
  });
  const renew = useMutation({
    mutationFn: (id: string) => api<BotTokenResponse>('POST', `/admin/bots/${id}/token`),
    onSuccess: () => {
      setRenewing(undefined);
      add.reset();
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/admin/bots/${id}`),
    onSuccess: () => setRemoving(undefined),
    onSettled: refresh,
  });
  const shown = renew.data ?? add.data;
  const body = { username: username.trim().toLowerCase(), displayName: displayName.trim() };
  const valid =
    body.username.length >= LIMITS.usernameMin &&
    body.username.length <= LIMITS.usernameMax &&
    USERNAME_CHARS.test(body.username) &&
    body.displayName.length > 0 &&
    body.displayName.length <= LIMITS.displayNameMax &&
    !CONTROL_CHARS.test(body.displayName);
  const bots = list.data?.bots ?? [];
  return (
    <section className="card" aria-labelledby="bots-title">
      <h2 id="bots-title">Bots</h2>
      <p className="muted">
        A bot is an account that a script drives through the <a href={`${getConfig().apiBase}/docs`}>API</a>{' '}
        with a token. Add it to channels as you would a person (Members → Add people, or{' '}
        <code>/invite @name</code>); there it reads, posts and reacts, shown with a Bot tag. It never signs in
        with a password.
      </p>
      {shown ? (
        <SecretOnce
          label="Bot token"
          value={shown.token}
          example={`curl -H 'Authorization: Bearer ${shown.token}' \\\n  '${apiUrl()}/channels'`}
          actions={
            <button
              type="button"
              className="button"
              onClick={() => {
                add.reset();
                renew.reset();
              }}
            >
              Done
            </button>
          }
        >
          <strong>{shown.bot.displayName}</strong> {renew.data ? 'has a new token' : 'is ready'}. Copy its
          token now: Parley keeps only a fingerprint of it, so it is not shown again.
        </SecretOnce>
      ) : (
        <form
          className="inline-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) add.mutate(body);
          }}
        >
          <Field
            label="Name"
            hint="Shown on its messages, such as “Deploys”."
            value={displayName}
            maxLength={64}
            onValue={setDisplayName}
          />
          <Field
            label="Username"
            hint="2–32 of a–z, 0–9, . _ -"
            value={username}
            maxLength={32}
            autoCapitalize="none"
            spellCheck={false}
            onValue={setUsername}
          />
          <button type="submit" className="button" disabled={!valid || add.isPending}>
            Add bot
          </button>
        </form>
      )}
      <FailureNote error={add.error ?? renew.error ?? remove.error ?? list.error} />
      {bots.length === 0 ? (
        <p className="muted">{list.isLoading ? 'Loading…' : 'No bots yet.'}</p>
      ) : (
        <ul className="action-list admin-bots">
          {bots.map((b) => (
            <li key={b.id}>
              <span className="action-list-name bot-name">
                <Avatar name={b.displayName} username={b.username} size={28} />
                <span>
                  {b.displayName} <span className="muted">@{b.username}</span>{' '}
                  <BotBadge user={{ bot: true }} />
                  {b.status === 'deactivated' && <span className="badge">Removed</span>}
                </span>
              </span>
              <span className="small muted">
                Added by {(b.createdBy && users.get(b.createdBy)?.displayName) ?? 'someone'} on{' '}
                {when.format(new Date(b.createdAt))}
                {' · '}
                {tokenWords(b)}
              </span>
              {b.status === 'active' && (
                <span className="action-list-actions">
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`New token for ${b.displayName}`}
                    onClick={() => setRenewing(b)}
                  >
                    New token
                  </button>
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    aria-label={`Remove ${b.displayName}`}
                    onClick={() => setRemoving(b)}
                  >
                    Remove
                  </button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={!!renewing}
        title={`A new token for ${renewing?.displayName}?`}
        confirmLabel="Make a new token"
        busy={renew.isPending}
        onClose={() => setRenewing(undefined)}
        onConfirm={() => renew.mutate(renewing!.id)}
      >
        Its current token stops working at once, and scripts connected with it are cut off, as when it has
        leaked. Give them the new one.
      </ConfirmDialog>
      <ConfirmDialog
        open={!!removing}
        title={`Remove ${removing?.displayName}?`}
        confirmLabel="Remove bot"
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => remove.mutate(removing!.id)}
      >
        Its token stops working at once. Its messages stay, under its name, and it shows as deactivated in
        People.
      </ConfirmDialog>
    </section>
  );
}
