// The chat screen loads apart from the sign-in page; a browser that was signed in starts loading it at once.
const HINT = 'parley.signedIn';

export const loadShell = () => import('./shell');

/** Called at start-up: a browser that was signed in last time fetches the chat screen beside the session. */
export function preloadShellIfSignedIn(): void {
  try {
    if (localStorage.getItem(HINT)) void loadShell();
  } catch {
    // Storage may be off (private mode): the chat screen then loads when the session says so.
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(HINT, '1');
    else localStorage.removeItem(HINT);
  } catch {
    // As above: only a head start is lost.
  }
}
