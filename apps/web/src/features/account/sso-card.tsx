import { useSearchParams } from 'react-router';
import { ErrorNote, FailureNote } from '../../components/field';
import { getConfig } from '../../lib/config';
import { dateFormat } from '../../lib/date-format';
import { ssoErrorMessage, ssoStartUrl } from '../../lib/sso';
import { useSsoStatus } from './use-sso';
import './account.css';

const day = dateFormat({ dateStyle: 'medium' });

/** Settings -> Security: connect this account to the single sign-on one; hidden where the server has none. */
export function SsoCard() {
  const status = useSsoStatus();
  // Connecting leaves the app for the provider; the server sends the browser back here with the outcome.
  const [search] = useSearchParams();
  const linked = search.get('sso') === 'linked';
  const failure = ssoErrorMessage(search.get('sso_error'));
  const sso = status.data?.sso;
  // Where the server has single sign-on, a status that failed to load is said on the card, not hidden.
  if (!sso && !(status.error && getConfig().sso)) return null;
  const identity = status.data?.identity;
  return (
    <section className="card sso-card" aria-labelledby="sso-title">
      <h2 id="sso-title">Single sign-on</h2>
      {linked && !failure && sso && (
        <p className="notice" role="status">
          {`Done: you can now sign in with ${sso.name}.`}
        </p>
      )}
      <ErrorNote error={failure} />
      <FailureNote error={status.error} />
      {sso && identity && (
        <p>{`Connected${identity.email ? ` as ${identity.email}` : ''} since ${day.format(new Date(identity.linkedAt))}.`}</p>
      )}
      {sso && !identity && (
        <>
          <p>{`Connect your ${sso.name} account to sign in with it instead of your password.`}</p>
          <div className="form-actions form-actions-start">
            <a className="button" href={ssoStartUrl({ next: '/settings/security', link: true })}>
              {`Connect ${sso.name}`}
            </a>
          </div>
        </>
      )}
    </section>
  );
}

/** In place of the password and two-factor cards for an account made by single sign-on: it has no password to change. */
export function NoPasswordCard({ provider }: { provider: string | undefined }) {
  const via = provider ?? 'single sign-on';
  return (
    <section className="card" aria-labelledby="no-password-title">
      <h2 id="no-password-title">Password</h2>
      <p>{`You sign in with ${via}, so this account has no Parley password, and two-factor sign-in is up to ${via} too.`}</p>
      <p className="muted">An admin can give you a reset link if you need a password as well.</p>
    </section>
  );
}
