import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InstanceSettings, SettingsResponse } from '@parley/protocol';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FailureNote } from '../../components/field';
import { api } from '../../lib/api';

/** Require two-factor sign-in of everyone: turning it on signs out whoever has not set it up. */
export function TwoFactorSetting({ settings }: { settings: InstanceSettings | undefined }) {
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const save = useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      api<SettingsResponse>('PATCH', '/admin/settings', { requireTwoFactor }),
    onSuccess: (res) => {
      qc.setQueryData(['admin', 'settings'], res);
      setAsking(false);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
  const required = settings?.requireTwoFactor ?? false;
  return (
    <section className="card" aria-labelledby="two-factor-setting-title">
      <h2 id="two-factor-setting-title">Two-factor authentication</h2>
      {!asking && <FailureNote error={save.error} />}
      <label className="toggle">
        <input
          type="checkbox"
          checked={required}
          disabled={!settings || save.isPending}
          onChange={(e) => {
            // Requiring it asks first; letting it go does not.
            if (!e.target.checked) return save.mutate(false);
            save.reset();
            setAsking(true);
          }}
        />
        Require two-factor authentication for everyone
      </label>
      <p className="muted small">
        {required
          ? 'Everyone signs in with a code from an authenticator app. People without it set it up when they sign in.'
          : 'People choose for themselves in Settings → Security.'}
      </p>
      <ConfirmDialog
        open={asking}
        title="Require two-factor authentication?"
        confirmLabel="Require it"
        busy={save.isPending}
        onConfirm={() => save.mutate(true)}
        onClose={() => setAsking(false)}
      >
        <p>
          Everyone who has not turned it on is signed out now, and sets it up at their next sign-in. New
          accounts set it up when they register.
        </p>
        {asking && <FailureNote error={save.error} />}
      </ConfirmDialog>
    </section>
  );
}
