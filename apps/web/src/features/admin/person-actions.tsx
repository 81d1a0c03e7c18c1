import type { AdminUser } from '@parley/protocol';

export type PersonAction = 'deactivate' | 'reactivate' | 'sign-out' | 'reset' | 'two-factor';
/** The actions that ask first. */
export type ConfirmedAction = 'deactivate' | 'sign-out' | 'two-factor';

/** What each asking action says before it is taken. */
export const CONFIRM: Record<
  ConfirmedAction,
  { title: (u: AdminUser) => string; label: string; text: (u: AdminUser) => string }
> = {
  deactivate: {
    title: (u) => `Deactivate @${u.username}?`,
    label: 'Deactivate',
    text: () =>
      'They are signed out on every device at once and cannot sign in. Their messages stay. You can reactivate them later.',
  },
  'sign-out': {
    title: () => 'Sign out everywhere?',
    label: 'Sign out',
    text: (u) => `Every session of @${u.username} ends now; they can sign in again.`,
  },
  'two-factor': {
    title: (u) => `Turn off two-factor for @${u.username}?`,
    label: 'Turn off',
    text: (u) => `${u.displayName} will sign in with their password alone until they turn it on again.`,
  },
};

/** The buttons in a person's row; the caller has checked the admin may manage them. */
export function PersonActions({
  user: u,
  onAct,
  onConfirm,
}: {
  user: AdminUser;
  onAct: (action: 'reset' | 'reactivate') => void;
  onConfirm: (action: ConfirmedAction) => void;
}) {
  const deactivate = (
    <button
      type="button"
      className="button button-ghost button-small"
      aria-label={`Deactivate ${u.username}`}
      onClick={() => onConfirm('deactivate')}
    >
      Deactivate
    </button>
  );
  if (u.status !== 'active')
    return (
      <button
        type="button"
        className="button button-ghost button-small"
        aria-label={`Reactivate ${u.username}`}
        onClick={() => onAct('reactivate')}
      >
        Reactivate
      </button>
    );
  // A bot has a token, not a password or sessions: Admin → Bots gives it a new one.
  if (u.bot) return deactivate;
  return (
    <>
      <button
        type="button"
        className="button button-ghost button-small"
        aria-label={`Reset link for ${u.username}`}
        onClick={() => onAct('reset')}
      >
        Reset link
      </button>
      {u.twoFactor && (
        <button
          type="button"
          className="button button-ghost button-small"
          aria-label={`Turn off two-factor for ${u.username}`}
          onClick={() => onConfirm('two-factor')}
        >
          Turn off 2FA
        </button>
      )}
      <button
        type="button"
        className="button button-ghost button-small"
        aria-label={`Sign out ${u.username} everywhere`}
        onClick={() => onConfirm('sign-out')}
      >
        Sign out
      </button>
      {deactivate}
    </>
  );
}
