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
