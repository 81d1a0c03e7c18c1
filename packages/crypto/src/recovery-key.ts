import { randomBytes, type Bytes } from './bytes.js';
import { CryptoError } from './errors.js';

export const RECOVERY_KEY_BYTES = 20;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** Letters people mistype for base32 digits, read as what they meant. */
const LOOKALIKES: Record<string, string> = { '0': 'O', '1': 'I', '8': 'B' };

/** 160 random bits as RFC 4648 base32 in 8 dash-separated groups of 4, e.g. "K7QF-...". */
export function generateRecoveryKey(): string {
  return formatRecoveryKey(randomBytes(RECOVERY_KEY_BYTES));
}

export function formatRecoveryKey(bytes: Uint8Array): string {
  if (bytes.length !== RECOVERY_KEY_BYTES) throw new CryptoError('invalid_argument');
  let bits = '';
  for (const b of bytes) bits += b.toString(2).padStart(8, '0');
  const chars = (bits.match(/.{5}/g) ?? []).map((five) => ALPHABET[parseInt(five, 2)]).join('');
  return (chars.match(/.{4}/g) ?? []).join('-');
}

/** Ignores case, spaces and dashes; anything else malformed throws bad_format. */
export function parseRecoveryKey(text: string): Bytes {
  const chars = text
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[018]/g, (c) => LOOKALIKES[c] ?? c);
  if (chars.length !== (RECOVERY_KEY_BYTES * 8) / 5 || !/^[A-Z2-7]+$/.test(chars)) {
    throw new CryptoError('bad_format', 'Not a recovery key');
  }
  const bits = Array.from(chars, (c) => ALPHABET.indexOf(c).toString(2).padStart(5, '0')).join('');
  return Uint8Array.from(bits.match(/.{8}/g) ?? [], (byte) => parseInt(byte, 2));
}
