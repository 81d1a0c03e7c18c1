// The zod-free part of the protocol, for the web bundle: constants, error codes and the config check.
export * from './constants.js';
export * from './codes.js';
export * from './mentions.js';
export * from './search-query.js';
export * from './two-factor-code.js';
import { CIPHER_ALGORITHM } from './constants.js';
import type { BootData, ClientConfig } from './api.js';

export function parseClientConfig(value: unknown): ClientConfig | undefined {
  const v = value as Partial<ClientConfig> | null;
  const ok =
    !!v &&
    typeof v.apiBase === 'string' &&
    typeof v.socketBase === 'string' &&
    typeof v.socketPath === 'string' &&
    v.cipherAlgorithm === CIPHER_ALGORITHM &&
    typeof v.version === 'string' &&
    (v.sso === undefined || typeof v.sso?.name === 'string');
  return ok ? (v as ClientConfig) : undefined;
}

/** The page's boot data when it is whole; anything else (a page served apart from Parley) is undefined. */
export function parseBootData(value: unknown): BootData | undefined {
  const v = value as BootData | null;
  const whole =
    !!parseClientConfig(v?.config) &&
    (v!.user === null
      ? v!.cursor === null
      : typeof v!.user?.id === 'string' && typeof v!.cursor === 'string');
  return whole ? v! : undefined;
}
