import { ERROR_MESSAGES, isErrorCode } from '@parley/protocol/client';
import { getConfig } from './config';

/** The address that starts single sign-on: a full page load, since the provider's own pages come between. */
export function ssoStartUrl({ next, invite, link }: { next: string; invite?: string; link?: boolean }) {
  const query = new URLSearchParams({ next });
  if (invite) query.set('invite', invite);
  if (link) query.set('link', '1');
  return `${getConfig().apiBase}/auth/sso/start?${query}`;
}

/** The sentence for the `sso_error` the server put in the address; a code it does not know reads as a failed sign-in. */
export function ssoErrorMessage(code: string | null): string | undefined {
  if (!code) return undefined;
  return ERROR_MESSAGES[isErrorCode(code) ? code : 'sso_failed'];
}
