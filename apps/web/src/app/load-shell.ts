import { useEffect, useState } from 'react';
import { loadChunk } from '../lib/load-chunk';
import type { Shell } from './shell';

let loaded: typeof Shell | undefined;
let loading: Promise<typeof Shell> | undefined;

// The chat screen loads apart from the sign-in page, and at once when someone is signed in.
// One load at a time, shared by the preload and the page; after a failure the next call starts again.
export const loadShell = () =>
  (loading ??= loadChunk(() => import('./shell')).then(
    (m) => (loaded = m.Shell),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  ));

/** The chat screen's component once its chunk has run. */
const loadedShell = () => loaded;

const SIGNED_OUT_PAGES = /^\/(login|register|invite|reset)(\/|$)/;

/**
 * Called at start-up: fetches the chat screen when the page says someone is signed in, or, on a page
 * that does not say (served apart from Parley), when the address is a page of the chat.
 */
export function preloadShellIfSignedIn(signedIn: boolean | undefined): void {
  // Only a head start: useShell loads it too and shows a failure.
  if (signedIn ?? !SIGNED_OUT_PAGES.test(window.location.pathname)) loadShell().catch(() => {});
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
