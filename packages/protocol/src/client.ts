// The zod-free part of the protocol, for the web bundle: constants, error codes and the config check.
export * from './constants.js';
export * from './codes.js';
export * from './mentions.js';
export * from './search-query.js';
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
    typeof v.version === 'string';
  return ok ? (v as ClientConfig) : undefined;
}

/** The page's boot data when it is whole; anything else (a page served apart from Parley) is undefined. */
export function parseBootData(value: unknown): BootData | undefined {
  const v = value as Partial<BootData> | null;
  if (!v || typeof v !== 'object') return undefined;
  const config = parseClientConfig(v.config);
  const user = v.user as Partial<BootData['user']> | null | undefined;
  const userOk =
    user === null || (!!user && typeof user.id === 'string' && typeof user.username === 'string');
  const cursorOk = v.cursor === null || typeof v.cursor === 'string';
  return config && userOk && cursorOk && (user === null) === (v.cursor === null)
    ? { config, user: user as BootData['user'], cursor: v.cursor as string | null }
    : undefined;
}
