import type { ClientConfig } from '@parley/protocol';
import { parseClientConfig, VERSION } from '@parley/protocol/client';
import { boot } from './boot';

let current: ClientConfig | undefined;

/** The deployment's settings: from the page or /config.json, or VITE_* variables for a client hosted apart. */
export async function loadConfig(): Promise<ClientConfig> {
  const booted = boot?.config;
  if (booted) return (current = booted);
  const fallback: ClientConfig = {
    apiBase: import.meta.env.VITE_API_BASE ?? '/api/v1',
    socketBase: import.meta.env.VITE_SOCKET_BASE ?? '',
    socketPath: import.meta.env.VITE_SOCKET_PATH ?? '/socket.io',
    cipherAlgorithm: 'aes-256-ctr',
    version: VERSION,
  };
  try {
    const res = await fetch('/config.json', { cache: 'no-store' });
    current = parseClientConfig(res.ok ? await res.json() : undefined) ?? fallback;
  } catch {
    current = fallback;
  }
  return current;
}

export function getConfig(): ClientConfig {
  if (!current) throw new Error('loadConfig() must run first');
  return current;
}
