import { lazy } from 'react';

// Three tries in all: a dropped connection usually recovers within these; a chunk gone after an upgrade never does.
const RETRY_DELAYS_MS = [500, 2_000];

// What browsers and Vite say when a chunk of the app could not be fetched.
const CHUNK_ERRORS = [
  'failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'importing a module script failed', // Safari
  'unable to preload css', // Vite (vite:preloadError)
];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const whenOnline = () =>
  navigator.onLine
    ? Promise.resolve()
    : new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true }));

/** Loads a chunk of the app, trying again once the browser is online; rejects with the last error after three tries. */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  for (const delay of RETRY_DELAYS_MS) {
    try {
      return await load();
    } catch {
      await whenOnline();
      await wait(delay);
    }
  }
  return load();
}

/** React's lazy, loading through loadChunk: React keeps a failed load forever, so the retries happen before it sees one. */
export const lazyChunk: typeof lazy = (load) => lazy(() => loadChunk(load));

/** Whether an error is a chunk of the app that could not load (offline, or gone after an upgrade). */
export function isChunkError(err: unknown): boolean {
  const message = err instanceof Error ? err.message.toLowerCase() : '';
  return CHUNK_ERRORS.some((text) => message.includes(text));
}
