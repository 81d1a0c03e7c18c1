export type CryptoErrorCode =
  | 'bad_format'
  | 'bad_version'
  | 'bad_tag'
  | 'bad_signature'
  | 'bad_key'
  | 'wrong_secret'
  | 'too_large'
  | 'invalid_argument';

const MESSAGES: Record<CryptoErrorCode, string> = {
  bad_format: 'The encrypted data is malformed',
  bad_version: 'Unsupported envelope version',
  bad_tag: 'The data was altered, or the key or context is wrong',
  bad_signature: 'The sender signature does not verify',
  bad_key: 'The key is not valid for this operation',
  wrong_secret: 'The passphrase or recovery key is wrong',
  too_large: 'The data is too large for one envelope',
  invalid_argument: 'Invalid argument',
};

/** Every failure in @parley/crypto; callers switch on `code`. */
export class CryptoError extends Error {
  readonly code: CryptoErrorCode;

  constructor(code: CryptoErrorCode, message?: string) {
    super(message ?? MESSAGES[code]);
    this.name = 'CryptoError';
    this.code = code;
  }
}

export function isCryptoError(err: unknown, code?: CryptoErrorCode): err is CryptoError {
  return err instanceof CryptoError && (code === undefined || err.code === code);
}
