import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteResponse, SettingsResponse, User } from '@parley/protocol';
import { CopyButton } from '../../components/copy-button';
import { Dialog } from '../../components/dialog';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';
import './invites.css';

const EXPIRY = [
  { hours: 24, label: '1 day' },
  { hours: 24 * 7, label: '7 days' },
  { hours: 24 * 30, label: '30 days' },
];
const USES = [
  { uses: 1, label: 'One person' },
  { uses: 10, label: 'Up to 10 people' },
  { uses: 0, label: 'Anyone with the link' },
];

/** "Invite people": the sign-up link when registration is open, else a fresh invite link from an admin. */
export function InviteDialog({ me, onClose }: { me: User; onClose: () => void }) {
  const instance = useQuery({
    queryKey: ['instance'],
    queryFn: () => api<SettingsResponse>('GET', '/instance'),
    // Another admin may have turned invite-only on or off since.
    refetchOnMount: 'always',
  });
  const admin = me.role === 'owner' || me.role === 'admin';
  const inviteOnly = instance.data?.settings.inviteOnly;
  return (
    <Dialog title="Invite people to Parley" open onClose={onClose}>
      <FailureNote error={instance.error} />
      {inviteOnly === false && <OpenRegistration admin={admin} />}
      {inviteOnly && admin && <CreateInvite />}
      {inviteOnly && !admin && (
        <div className="invite-body">
          <p>Only owners and admins can invite people here: ask one for an invite link.</p>
          <div className="form-actions">
            <button type="button" className="button" onClick={onClose}>
              OK
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function OpenRegistration({ admin }: { admin: boolean }) {
  const link = `${window.location.origin}/register`;
  return (
    <div className="invite-body">
      <p>Anyone with this link can create an account and join #general.</p>
      <LinkToCopy link={link} what="sign-up link" />
      {admin && (
        <p className="muted small">
          To let in only the people you invite, turn on invite-only in <Link to="/admin">Administration</Link>
          .
        </p>
      )}
    </div>
  );
}

function CreateInvite() {
  const qc = useQueryClient();
  const [hours, setHours] = useState(24 * 7);
  const [uses, setUses] = useState(0);
  const create = useMutation({
    mutationFn: () =>
      api<InviteResponse>('POST', '/admin/invites', {
        expiresInHours: hours,
        ...(uses && { maxUses: uses }),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin', 'invites'] }),
  });
  const invite = create.data?.invite;
  return (
    <form
      className="invite-body"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <p>Registration here is invite-only. Create a link and send it to the people you are inviting.</p>
      <div className="invite-options">
        <label>
          <span className="field-label">Expires after</span>
          <select value={hours} onChange={(e) => (setHours(Number(e.target.value)), create.reset())}>
            {EXPIRY.map((o) => (
              <option key={o.hours} value={o.hours}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className="field-label">Who can use it</span>
          <select value={uses} onChange={(e) => (setUses(Number(e.target.value)), create.reset())}>
            {USES.map((o) => (
              <option key={o.uses} value={o.uses}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <FailureNote error={create.error} />
      {invite ? (
        <LinkToCopy link={`${window.location.origin}/invite/${invite.code}`} what="invite link" />
      ) : (
        <div className="form-actions form-actions-start">
          <button type="submit" className="button" disabled={create.isPending}>
            Create invite link
          </button>
        </div>
      )}
      <p className="muted small">
        Every open link is listed in <Link to="/admin">Administration</Link>, where you can revoke it.
      </p>
    </form>
  );
}

function LinkToCopy({ link, what }: { link: string; what: string }) {
  return (
    <div className="invite-link">
      <input
        readOnly
        value={link}
        aria-label={what[0]!.toUpperCase() + what.slice(1)}
        onFocus={(e) => e.target.select()}
      />
      <CopyButton text={link} what={what} />
    </div>
  );
}
