import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitesResponse, SettingsResponse, User } from '@parley/protocol';
import { CopyButton } from '../../components/copy-button';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import { PageLayout } from '../../components/page-layout';
import { PeopleSection } from './people-section';
import { EmojiSection } from './emoji-section';
import { GroupsSetting } from './groups-setting';
import { SecurityLog } from './security-log';
import { TwoFactorSetting } from './two-factor-setting';
import { RetentionSetting } from './retention-setting';
import { WebhooksSection } from './webhooks-section';
import { BotsSection } from './bots-section';
import { SlackImportSection } from './slack-import-section';
import './admin.css';

export default function AdminPage({ me }: { me: User }) {
  const qc = useQueryClient();
  const settings = useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: () => api<SettingsResponse>('GET', '/admin/settings'),
  });
  const invites = useQuery({
    queryKey: ['admin', 'invites'],
    queryFn: () => api<InvitesResponse>('GET', '/admin/invites'),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: ['admin'] });
  // Held in the component, so the box keeps the click from the very event until the server's answer is in.
  const [inviteOnlyHeld, setInviteOnlyHeld] = useState<boolean>();
  const setInviteOnly = useMutation({
    mutationFn: (inviteOnly: boolean) => api<SettingsResponse>('PATCH', '/admin/settings', { inviteOnly }),
    // The switch moves at once; the server's answer (or a refetch after an error) settles it. A read
    // still on its way would put the old value back, so it is dropped first.
    onMutate: async (inviteOnly) => {
      await qc.cancelQueries({ queryKey: ['admin', 'settings'] });
      qc.setQueryData<SettingsResponse>(
        ['admin', 'settings'],
        (old) => old && { settings: { ...old.settings, inviteOnly } },
      );
    },
    // The instance's public settings (the invite dialog, sign-up) follow at once.
    onSettled: async () => {
      await Promise.all([refresh(), qc.invalidateQueries({ queryKey: ['instance'] })]);
      setInviteOnlyHeld(undefined);
    },
  });
  const createInvite = useMutation({
    mutationFn: () => api('POST', '/admin/invites', { expiresInHours: 24 * 7 }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (code: string) => api('DELETE', `/admin/invites/${code}`),
    onSuccess: refresh,
  });
  const error = [setInviteOnly, createInvite, revoke].find((m) => m.error)?.error;

  if (me.role !== 'owner' && me.role !== 'admin') {
    return (
      <PageLayout title="Administration">
        <p>Only owners and admins can manage this Parley.</p>
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Administration">
      <FailureNote error={error} />
      <section className="card">
        <h2>Registration</h2>
        <label className="toggle">
          <input
            type="checkbox"
            checked={inviteOnlyHeld ?? settings.data?.settings.inviteOnly ?? false}
            disabled={!settings.data}
            onChange={(e) => {
              setInviteOnlyHeld(e.target.checked);
              setInviteOnly.mutate(e.target.checked);
            }}
          />
          Invite-only: new people need an invite link to register
        </label>
      </section>
      <TwoFactorSetting settings={settings.data?.settings} />
      <GroupsSetting settings={settings.data?.settings} />
      <RetentionSetting settings={settings.data?.settings} />
      <section className="card">
        <h2>Invite links</h2>
        <button type="button" className="button" onClick={() => createInvite.mutate()}>
          Create an invite link
        </button>
        <ul className="invite-list">
          {invites.data?.invites.map((i) => {
            const link = `${window.location.origin}/invite/${i.code}`;
            return (
              <li key={i.code}>
                <code>{link}</code>
                <span className="muted small">
                  {i.uses} used{i.expiresAt ? ` · expires ${new Date(i.expiresAt).toLocaleDateString()}` : ''}
                </span>
                <CopyButton text={link} what="invite link" small />
                <button
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => revoke.mutate(i.code)}
                >
                  Revoke
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <PeopleSection me={me} />
      <EmojiSection settings={settings.data?.settings} />
      <WebhooksSection />
      <BotsSection />
      <SlackImportSection />
      <SecurityLog />
    </PageLayout>
  );
}
