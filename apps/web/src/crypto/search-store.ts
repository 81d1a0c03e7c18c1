import {
  decodeEnvelope,
  deriveEnvelopeKeys,
  encodeEnvelope,
  openEnvelope,
  sealEnvelope,
  type EnvelopeKeys,
  type UserKeyPairs,
} from '@parley/crypto';
import { SEARCH_DB } from './search-index-db';

/** Where sealed records live: IndexedDB in the app, a map in tests. Values are bytes only. */
export type RecordStore = {
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, value: Uint8Array): Promise<void>;
  delete(key: string): Promise<void>;
  keys(prefix: string): Promise<string[]>;
};

const INDEX_INFO = 'parley/v1/search-index';
const text = new TextEncoder();

/**
 * The key of this user's local search index: HKDF-SHA-256 over ECDH of the user's own private key
 * with their own public key, so only a browser holding the unlocked vault can derive it, and a
 * reset (new keys) makes old records unreadable. It never leaves the browser.
 */
export async function deriveIndexKeys(pairs: UserKeyPairs, userId: string): Promise<EnvelopeKeys> {
  const subtle = globalThis.crypto.subtle;
  const shared = await subtle.deriveBits(
    { name: 'ECDH', public: pairs.ecdh.publicKey },
    pairs.ecdh.privateKey,
    256,
  );
  const ikm = await subtle.importKey('raw', shared, 'HKDF', false, ['deriveBits']);
  const secret = await subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: text.encode(userId), info: text.encode(INDEX_INFO) },
    ikm,
    256,
  );
  return deriveEnvelopeKeys(new Uint8Array(secret));
}

/** JSON values sealed in envelope v1 under the index keys; the record's key is the context. */
export class SealedRecords {
  constructor(
    private store: RecordStore,
    private keys: EnvelopeKeys,
    private prefix: string,
  ) {}

  async put(name: string, value: unknown): Promise<void> {
    const key = this.prefix + name;
    const plaintext = text.encode(JSON.stringify(value));
    const env = await sealEnvelope(this.keys, { plaintext, keyVersion: 1, context: `search-index:${key}` });
    await this.store.put(key, encodeEnvelope(env));
  }

  /** The value, or undefined when missing; a record that fails its tag (other keys, altered) is dropped. */
  async get<T>(name: string): Promise<T | undefined> {
    const key = this.prefix + name;
    const bytes = await this.store.get(key);
    if (!bytes) return undefined;
    try {
      const plain = await openEnvelope(this.keys, decodeEnvelope(bytes), `search-index:${key}`);
      return JSON.parse(new TextDecoder().decode(plain)) as T;
    } catch {
      await this.store.delete(key);
      return undefined;
    }
  }

  async names(): Promise<string[]> {
    return (await this.store.keys(this.prefix)).map((k) => k.slice(this.prefix.length));
  }

  delete(name: string): Promise<void> {
    return this.store.delete(this.prefix + name);
  }
}

const STORE = 'records';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(SEARCH_DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const req = work(db.transaction(STORE, mode).objectStore(STORE));
      req.onsuccess = () => resolve(req.result as T);
      req.onerror = () => reject(req.error);
    });
  } finally {
    db.close();
  }
}

/** The browser's IndexedDB database `parley-search`, kept apart from the vault's. */
export const indexedDbRecords: RecordStore = {
  get: (key) => run<Uint8Array | undefined>('readonly', (s) => s.get(key)),
  put: (key, value) => run<void>('readwrite', (s) => s.put(value, key)),
  delete: (key) => run<void>('readwrite', (s) => s.delete(key)),
  keys: async (prefix) =>
    (
      await run<IDBValidKey[]>('readonly', (s) => s.getAllKeys(IDBKeyRange.bound(prefix, `${prefix}\uffff`)))
    ).map(String),
};
