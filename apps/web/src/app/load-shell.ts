// The chat screen loads apart from the sign-in page, and at once when someone is signed in.
export const loadShell = () => import('./shell');

const SIGNED_OUT_PAGES = /^\/(login|register|invite|reset)(\/|$)/;

/**
 * Called at start-up: fetches the chat screen when the page says someone is signed in, or, on a page
 * that does not say (served apart from Parley), when the address is a page of the chat.
 */
export function preloadShellIfSignedIn(signedIn: boolean | undefined): void {
  if (signedIn ?? !SIGNED_OUT_PAGES.test(window.location.pathname)) void loadShell();
}
