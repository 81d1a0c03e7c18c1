import { APP_URL } from './env.js';

export const OWNER = { username: 'owner', password: 'correct horse battery' };

/** The first account of an instance is its owner: make it a known one before any journey runs. */
export default async function globalSetup(): Promise<void> {
  const res = await fetch(`${APP_URL}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-parley-csrf': '1' },
    body: JSON.stringify({ username: OWNER.username, displayName: 'Olivia Owner', password: OWNER.password }),
  });
  if (res.status !== 201) throw new Error(`could not register the owner: ${res.status} ${await res.text()}`);
}
