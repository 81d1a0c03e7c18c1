// The chat screen loads apart from the sign-in page; a browser that was signed in starts loading it at once.
const HINT = 'parley.signedIn';

export const loadShell = () => import('./shell');

const SIGNED_OUT_PAGES = /^\/(login|register|invite|reset)(\/|$)/;

/**
 * Called at start-up: fetches the chat screen when the page says someone is signed in; on a page that
 * does not say (served apart from Parley), when this browser was signed in last time, or when the
 * address is a page of the chat (a link, a bookmark), not the sign-in pages.
 */
export function preloadShellIfSignedIn(signedIn?: boolean): void {
  if (signedIn !== undefined) return void (signedIn && loadShell());
  if (!SIGNED_OUT_PAGES.test(window.location.pathname)) return void loadShell();
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
