// Zod-free, so the sign-in page checks a code as the server will without pulling in zod.
/** Six digits from an authenticator app or a recovery code, as typed: spaces and dashes are ignored. */
export const TWO_FACTOR_CODE_PATTERN = /^[0-9A-Za-z -]{6,20}$/;

/** A code as the server compares it: no spaces or dashes, lower case. */
export const normalizeTwoFactorCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
