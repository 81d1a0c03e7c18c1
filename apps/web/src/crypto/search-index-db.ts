// The local search index's IndexedDB database, apart from the vault's; small, so the vault can delete it.
export const SEARCH_DB = 'parley-search';

/** Sign-out and "Lock this browser": the whole local index goes, every user's of this browser. */
export function deleteSearchIndex(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(SEARCH_DB);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
}
