import { createHash, createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import {
  decodeEnvelope,
  deriveEnvelopeKeys,
  encodeEnvelope,
  openEnvelope,
  sealEnvelope,
  type EnvelopeKeys,
} from '@parley/crypto';

const STEP_MS = 30_000;
export const TICKET_MS = 5 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code read off paper is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const keyFor = (secret: string, info: string) =>
  new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), info, 32));

/** The authenticator secret at rest: Parley's envelope (AES-256-CTR + HMAC-SHA-256) under a key from PARLEY_SECRET. */
export class SecretBox {
  private readonly keys: Promise<EnvelopeKeys>;

  constructor(secret: string) {
    this.keys = deriveEnvelopeKeys(keyFor(secret, 'parley/two-factor/at-rest'));
  }

  async seal(userId: string, base32: string): Promise<string> {
    const plaintext = new TextEncoder().encode(base32);
    const sealed = await sealEnvelope(await this.keys, { plaintext, keyVersion: 1, context: userId });
    return Buffer.from(encodeEnvelope(sealed)).toString('base64');
  }

  async open(userId: string, sealed: string): Promise<string> {
    const env = decodeEnvelope(Buffer.from(sealed, 'base64'));
    return new TextDecoder().decode(await openEnvelope(await this.keys, env, userId));
  }
}

export const newSecret = () => new Secret({ size: 20 }).base32;

/** The app lists it as `issuer: label`: the instance's name and the username. */
export const totpFor = (base32: string, username: string, issuer = 'Parley') =>
  new TOTP({ issuer, label: username, secret: Secret.fromBase32(base32) });

/** The 30-second step a right code belongs to (one step of clock drift either way), or null. */
export function codeStep(base32: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(base32, '').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / STEP_MS) + delta;
}

export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const c = one().join('');
    return `${c.slice(0, 5)}-${c.slice(5)}`;
  });
}

/** Recovery codes are random enough that a plain hash keeps them: the input is normalized first. */
export const hashRecoveryCode = (normalized: string) =>
  createHash('sha256').update(normalized).digest('base64url');

type TicketClaims = { u: string; e: number; p: string };

/**
 * The proof that a password was right, carried to the code step: user, expiry and a digest of the
 * password hash (a changed password voids it), MACed under a key from PARLEY_SECRET.
 */
export class Tickets {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = keyFor(secret, 'parley/two-factor/ticket');
  }

  issue(userId: string, passwordHash: string, now = Date.now()) {
    const expiresAt = now + TICKET_MS;
    const claims: TicketClaims = { u: userId, e: expiresAt, p: this.pin(passwordHash) };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return { ticket: `${body}.${this.mac(body)}`, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** The ticket's user id when it is genuine and unexpired; `pinned` checks it against the password hash. */
  read(ticket: string, now = Date.now()): { userId: string; pinned: (hash: string) => boolean } | null {
    const [body, tag] = ticket.split('.');
    if (!body || !tag) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(tag);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as TicketClaims;
    if (typeof claims.u !== 'string' || !(claims.e > now)) return null;
    return { userId: claims.u, pinned: (hash) => this.pin(hash) === claims.p };
  }

  private mac(body: string) {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  private pin(passwordHash: string) {
    return createHmac('sha256', this.key).update(`pin:${passwordHash}`).digest('base64url').slice(0, 16);
  }
}
