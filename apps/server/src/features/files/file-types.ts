/** Types shown in the page as they are; anything else is downloaded, whatever the upload claimed. */
const INLINE = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'application/pdf',
  'text/plain',
]);
export const showsInline = (type: string) => INLINE.has(type);

const MAGIC: [string, number[], number?][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['application/pdf', [0x25, 0x50, 0x44, 0x46]],
  ['application/zip', [0x50, 0x4b, 0x03, 0x04]],
  ['audio/ogg', [0x4f, 0x67, 0x67, 0x53]],
  ['audio/mpeg', [0x49, 0x44, 0x33]],
  ['video/webm', [0x1a, 0x45, 0xdf, 0xa3]],
];

/** The type from the bytes themselves, never from what the uploader said: their first 4 KB (`head`) and size are enough. */
export function sniffType(data: Uint8Array, size = data.length): string {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
  for (const [type, bytes] of MAGIC) if (starts(bytes)) return type;
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x41, 0x56, 0x45], 8)) return 'audio/wav';
  if (starts([0x66, 0x74, 0x79, 0x70], 4)) return 'video/mp4';
  return looksLikeText(data, size) ? 'text/plain' : 'application/octet-stream';
}

/** How much of the start sniffType reads. */
export const SNIFF_BYTES = 4096;

function looksLikeText(data: Uint8Array, size: number): boolean {
  const head = data.subarray(0, SNIFF_BYTES);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === size ? head : trimPartial(head));
    return true;
  } catch {
    return false;
  }
}

/** A prefix may end inside a multi-byte character: drop that tail before checking. */
const trimPartial = (bytes: Uint8Array) => {
  let end = bytes.length;
  while (end > 0 && end > bytes.length - 4 && (bytes[end - 1]! & 0xc0) === 0x80) end--;
  return end > 0 && bytes[end - 1]! >= 0xc0 ? bytes.subarray(0, end - 1) : bytes.subarray(0, end);
};

/** A name safe to store and to send back: no paths, controls or lone surrogates, at most 200 characters. */
export function cleanName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .toWellFormed()
    .replace(/\p{Cc}/gu, '')
    .trim()
    .replace(/^\.+/, '');
  if (!clean) return 'file';
  if (clean.length <= 200) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 16 ? clean.slice(dot) : '';
  return clean.slice(0, 200 - ext.length) + ext;
}
