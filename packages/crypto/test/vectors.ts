// The published vectors live in src so the self-test ships them to browsers; tests import them from here.
export { NIST_CTR_AES256, RFC4231_HMAC_SHA256, type HmacVector } from '../src/known-answer-vectors.js';
