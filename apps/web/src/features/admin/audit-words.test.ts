import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditEntry } from '@parley/protocol';
import { auditSentence } from './audit-words';

const NAMES: Record<string, string> = { a: 'Ann', b: 'Bob' };
const name = (id: string | null) => (id ? (NAMES[id] ?? 'someone') : 'The admin tool');
const entry = (action: AuditEntry['action'], extra: Partial<AuditEntry> = {}): AuditEntry => ({
  id: '1',
  at: '2026-11-29T10:00:00Z',
  actorId: 'a',
  action,
  targetId: 'a',
  detail: null,
  address: '127.0.0.1',
  ...extra,
});

describe('auditSentence', () => {
  it('says every action in words, none left as its code', () => {
    for (const action of AUDIT_ACTIONS) {
      const said = auditSentence(entry(action, { targetId: 'b' }), name);
      expect(said).not.toContain('_');
      expect(said.length).toBeGreaterThan(8);
    }
  });

  it('names the person acted on, and says "their own" changes without them', () => {
    expect(auditSentence(entry('two_factor_off'), name)).toBe('turned off two-factor authentication');
    expect(auditSentence(entry('two_factor_off', { targetId: 'b' }), name)).toBe(
      'turned off two-factor authentication for Bob',
    );
    expect(
      auditSentence(entry('role_changed', { targetId: 'b', detail: { from: 'member', to: 'admin' } }), name),
    ).toBe('changed Bob’s role from member to admin');
    expect(auditSentence(entry('password_reset', { actorId: null, targetId: 'b' }), name)).toBe(
      'set a new password for Bob',
    );
  });

  it('says which webhook was added where, and whose was removed', () => {
    const detail = { name: 'CI', channel: 'deploys' };
    expect(auditSentence(entry('webhook_added', { detail }), name)).toBe(
      'added the webhook “CI” to #deploys',
    );
    expect(auditSentence(entry('webhook_removed', { detail }), name)).toBe('removed the webhook “CI”');
    expect(auditSentence(entry('webhook_removed', { targetId: 'b', detail }), name)).toBe(
      'removed Bob’s webhook “CI”',
    );
    const outgoing = { name: 'Deployer', channel: 'ops', outgoing: true };
    expect(auditSentence(entry('webhook_added', { detail: outgoing }), name)).toBe(
      'added the outgoing webhook “Deployer” to #ops',
    );
  });

  it('says how someone signed in, what settings changed to and whom an invite is for', () => {
    expect(auditSentence(entry('signed_in', { detail: { with: 'a recovery code' } }), name)).toBe(
      'signed in with a recovery code',
    );
    expect(
      auditSentence(
        entry('settings_changed', { detail: { inviteOnly: true, requireTwoFactor: true } }),
        name,
      ),
    ).toBe('changed the settings: registration invite-only, two-factor required of everyone');
    expect(auditSentence(entry('invite_created', { detail: { maxUses: 3, expiresAt: null } }), name)).toBe(
      'made an invite link for 3 people',
    );
  });

  it('says what retention deleted and what it was set to', () => {
    const pruned = entry('history_pruned', { actorId: null, detail: { messages: 1200, files: 1 } });
    expect(auditSentence(pruned, name)).toBe('deleted 1,200 messages and 1 file past their retention');
    const noFiles = entry('history_pruned', { actorId: null, detail: { messages: 1, files: 0 } });
    expect(auditSentence(noFiles, name)).toBe('deleted 1 message past their retention');
    const channel = (detail: AuditEntry['detail']) =>
      auditSentence(entry('retention_changed', { detail }), name);
    expect(channel({ channel: 'legal', own: true, days: null })).toBe('kept #legal’s messages forever');
    expect(channel({ channel: 'random', own: true, days: 30 })).toBe('kept #random’s messages for 30 days');
    expect(channel({ channel: 'random', own: false, days: null })).toBe(
      'set #random back to the team’s message retention',
    );
    expect(auditSentence(entry('settings_changed', { detail: { messageRetentionDays: 1 } }), name)).toBe(
      'changed the settings: messages kept for 1 day',
    );
    expect(auditSentence(entry('settings_changed', { detail: { messageRetentionDays: null } }), name)).toBe(
      'changed the settings: messages kept forever',
    );
  });
});
