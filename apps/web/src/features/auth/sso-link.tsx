import { getConfig } from '../../lib/config';
import { ssoStartUrl } from '../../lib/sso';

/** "Sign in with Acme SSO" under the password form, when the server has a provider; nothing otherwise. */
export function SsoLink({ verb, invite, next }: { verb: string; invite?: string; next: string }) {
  const sso = getConfig().sso;
  if (!sso) return null;
  return (
    <>
      <p className="auth-or">or</p>
      <a className="button button-ghost button-wide auth-sso" href={ssoStartUrl({ next, invite })}>
        {`${verb} with ${sso.name}`}
      </a>
    </>
  );
}
