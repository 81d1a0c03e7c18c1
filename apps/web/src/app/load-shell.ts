import { useEffect, useState } from 'react';
import type { Shell } from './shell';

let loaded: typeof Shell | undefined;

// The chat screen loads apart from the sign-in page, and at once when someone is signed in.
export const loadShell = () =>
  import('./shell').then((m) => {
    loaded = m.Shell;
    return m.Shell;
  });

/** The chat screen's component once its chunk has run. */
const loadedShell = () => loaded;

const SIGNED_OUT_PAGES = /^\/(login|register|invite|reset)(\/|$)/;

/**
 * Called at start-up: fetches the chat screen when the page says someone is signed in, or, on a page
 * that does not say (served apart from Parley), when the address is a page of the chat.
 */
export function preloadShellIfSignedIn(signedIn: boolean | undefined): void {
  if (signedIn ?? !SIGNED_OUT_PAGES.test(window.location.pathname)) void loadShell();
}

/**
 * The chat screen's component, loaded when someone is signed in. Not React.lazy: revealing a lazy
 * component behind its fallback is held back up to 300 ms, on every signed-in load.
 */
export function useShell(wanted: boolean) {
  const [Shell, setShell] = useState(loadedShell);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || Shell) return;
    let live = true;
    loadShell().then(
      (loaded) => live && setShell(() => loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, Shell]);
  return { Shell, failed };
}
