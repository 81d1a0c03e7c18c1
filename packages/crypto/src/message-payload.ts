/** What a sealed message says about one of its files; only members holding the channel key read it. */
export type SealedFileMeta = {
  /** The upload (POST /files?sealed=1) holding the ciphertext; also in the message's fileIds. */
  id: string;
  /** The file's own key secret, base64url (32 bytes). */
  key: string;
  name: string;
  type: string;
  size: number;
  /** SHA-256 of the plaintext, hex. */
  sha256: string;
  width?: number;
  height?: number;
  /** A small preview made in the browser, sealed and uploaded the same way. */
  thumb?: { id: string; key: string; type: string };
};

export type MessagePayload = { text: string; files: SealedFileMeta[] };

/** Marks a payload with files; a message of text alone stays the bare text, as before files existed. */
const FILES_PREFIX = '\u0001parley/message/v1\n';

export function encodeMessagePayload(payload: MessagePayload): string {
  if (payload.files.length === 0) return payload.text;
  return FILES_PREFIX + JSON.stringify({ text: payload.text, files: payload.files });
}

/** Bare text reads as text; a files payload another member's browser made is checked field by field. */
export function decodeMessagePayload(plain: string): MessagePayload {
  if (!plain.startsWith(FILES_PREFIX)) return { text: plain, files: [] };
  try {
    const parsed = JSON.parse(plain.slice(FILES_PREFIX.length)) as { text?: unknown; files?: unknown };
    if (typeof parsed.text === 'string' && Array.isArray(parsed.files)) {
      const files = parsed.files.filter(isFileMeta).map(pickFileMeta);
      if (files.length === parsed.files.length) return { text: parsed.text, files };
    }
  } catch {
    // Not ours after all: shown as the text it is.
  }
  return { text: plain, files: [] };
}

const KEY = /^[A-Za-z0-9_-]{43}$/;
const SHA256 = /^[0-9a-f]{64}$/;
const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;
const count = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function isFileMeta(v: unknown): v is SealedFileMeta {
  if (typeof v !== 'object' || v === null) return false;
  const f = v as Record<string, unknown>;
  const thumb = f.thumb as Record<string, unknown> | undefined;
  return (
    str(f.id, 64) &&
    str(f.key, 43) &&
    KEY.test(f.key) &&
    str(f.name, 255) &&
    str(f.type, 255) &&
    count(f.size) &&
    str(f.sha256, 64) &&
    SHA256.test(f.sha256) &&
    (f.width === undefined || count(f.width)) &&
    (f.height === undefined || count(f.height)) &&
    (thumb === undefined ||
      (typeof thumb === 'object' &&
        thumb !== null &&
        str(thumb.id, 64) &&
        str(thumb.key, 43) &&
        KEY.test(thumb.key) &&
        str(thumb.type, 255)))
  );
}

function pickFileMeta(f: SealedFileMeta): SealedFileMeta {
  const { id, key, name, type, size, sha256, width, height, thumb } = f;
  return {
    id,
    key,
    name,
    type,
    size,
    sha256,
    ...(width !== undefined && height !== undefined ? { width, height } : {}),
    ...(thumb ? { thumb: { id: thumb.id, key: thumb.key, type: thumb.type } } : {}),
  };
}
