import type { AuditEntry } from '@parley/protocol';

type Detail = NonNullable<AuditEntry['detail']>;

const SETTING_WORDS: Record<string, (v: unknown) => string> = {
  inviteOnly: (v) => (v ? 'registration invite-only' : 'registration open'),
  requireTwoFactor: (v) => (v ? 'two-factor required of everyone' : 'two-factor left to each person'),
  name: (v) => `the name “${String(v)}”`,
  groupManagers: (v) => `user groups managed by ${v === 'admins' ? 'admins' : 'every member'}`,
  emojiAdders: (v) => `custom emoji added by ${v === 'admins' ? 'admins' : 'every member'}`,
  messageRetentionDays: (v) =>
    v ? `messages kept for ${plural(Number(v), 'day')}` : 'messages kept forever',
};

const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

const settings = (d: Detail | null) =>
  Object.entries(d ?? {})
    .map(([key, value]) => SETTING_WORDS[key]?.(value) ?? key)
    .join(', ');

const invite = (d: Detail | null) => {
  const uses = d?.maxUses ? ` for ${d.maxUses} ${d.maxUses === 1 ? 'person' : 'people'}` : '';
  return `made an invite link${uses}`;
};

/**
 * What an entry says, as a sentence after its actor: `name` gives a user id's display name (the
 * actor may be null, the admin tool on the server).
 */
export function auditSentence(e: AuditEntry, name: (id: string | null) => string): string {
  const self = e.actorId === e.targetId;
  const target = name(e.targetId);
  const of = self ? '' : ` for ${target}`;
  const d = e.detail;
  switch (e.action) {
    case 'signed_in':
      return `signed in with ${d?.with ?? 'a password'}`;
    case 'registered':
      return d?.with ? `created their account with ${d.with}` : 'created their account';
    case 'password_changed':
      return 'changed their password';
    case 'password_reset':
      return self ? 'set a new password with a reset link' : `set a new password for ${target}`;
    case 'reset_link_created':
      return `made a password reset link for ${target}`;
    case 'two_factor_on':
      return 'turned on two-factor authentication';
    case 'two_factor_off':
      return `turned off two-factor authentication${of}`;
    case 'recovery_codes_renewed':
      return 'made new recovery codes';
    case 'role_changed':
      return `changed ${target}’s role from ${d?.from ?? '?'} to ${d?.to ?? '?'}`;
    case 'deactivated':
      return `deactivated ${target}`;
    case 'reactivated':
      return `reactivated ${target}`;
    case 'signed_out_everywhere':
      return `signed ${target} out everywhere`;
    case 'settings_changed':
      return `changed the settings: ${settings(d)}`;
    case 'invite_created':
      return invite(d);
    case 'invite_revoked':
      return 'revoked an invite link';
    case 'webhook_url_renewed':
      return `gave ${self ? 'their' : `${target}’s`} webhook “${d?.name ?? '?'}” a new URL`;
    case 'slack_imported':
      return `imported ${d?.channels ?? 0} channels and ${d?.messages ?? 0} messages from Slack`;
    case 'history_pruned': {
      const files = Number(d?.files ?? 0);
      const also = files > 0 ? ` and ${plural(files, 'file')}` : '';
      return `deleted ${plural(Number(d?.messages ?? 0), 'message')}${also} past their retention`;
    }
    case 'retention_changed':
      if (!d?.own) return `set #${d?.channel ?? '?'} back to the team’s message retention`;
      return d.days
        ? `kept #${d.channel ?? '?'}’s messages for ${plural(Number(d.days), 'day')}`
        : `kept #${d.channel ?? '?'}’s messages forever`;
    case 'bot_added':
      return `added the bot ${target}`;
    case 'bot_token_renewed':
      return `gave the bot ${target} a new token`;
    case 'bot_removed':
      return `removed the bot ${target}`;
    case 'sso_linked':
      return `connected their ${d?.with ?? 'single sign-on'} account`;
    case 'webhook_added':
      return `added the ${hook(d)} “${d?.name ?? '?'}” to #${d?.channel ?? '?'}`;
    case 'webhook_removed':
      return self
        ? `removed the ${hook(d)} “${d?.name ?? '?'}”`
        : `removed ${target}’s ${hook(d)} “${d?.name ?? '?'}”`;
  }
}

const hook = (d: Detail | null | undefined) => (d?.outgoing ? 'outgoing webhook' : 'webhook');
