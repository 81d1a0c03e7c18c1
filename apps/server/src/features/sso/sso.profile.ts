import {
  BROADCAST_MENTIONS,
  CONTROL_CHARS,
  DisplayName,
  LIMITS,
  Username,
  wellFormed,
} from '@parley/protocol';

/** What the provider says of a person, as an ID token's or userinfo's claims. */
export type Claims = {
  [claim: string]: unknown;
  preferred_username?: unknown;
  email?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** A username made of what the provider calls them: their username there, their email's name, or their name. */
export function baseUsername(claims: Claims): string {
  const candidates = [
    text(claims.preferred_username).split('@')[0] ?? '',
    text(claims.email).split('@')[0] ?? '',
    text(claims.name),
  ];
  for (const candidate of candidates) {
    const slug = candidate
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[-.]+|[-.]+$/g, '')
      // Room for the longest suffix usernameChoices adds: a dash and four digits.
      .slice(0, LIMITS.usernameMax - 5);
    const parsed = Username.safeParse(slug);
    if (parsed.success && !(BROADCAST_MENTIONS as readonly string[]).includes(parsed.data))
      return parsed.data;
  }
  return 'user';
}

/** The base, then base-2 to base-9, then the base with four random digits: the first free one wins. */
export function* usernameChoices(base: string): Generator<string> {
  yield base;
  for (let n = 2; n <= 9; n++) yield `${base}-${n}`;
  for (;;) yield `${base}-${Math.floor(1000 + Math.random() * 9000)}`;
}

/** Their name there, else given and family names, else the username. */
export function displayNameOf(claims: Claims, username: string): string {
  const given = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  for (const candidate of [text(claims.name), given]) {
    const parsed = DisplayName.safeParse(candidate.slice(0, LIMITS.displayNameMax));
    if (parsed.success) return parsed.data;
  }
  return username;
}

/** An email worth showing: one @, no spaces or control characters, a sane length; else none. */
export function emailOf(claims: Claims): string | null {
  const email = text(claims.email);
  const ok = /^[^\s@]{1,64}@[^\s@]{1,190}$/.test(email) && !CONTROL_CHARS.test(email) && wellFormed(email);
  return ok ? email : null;
}
