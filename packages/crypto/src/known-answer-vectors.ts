// Published vectors, shared by the unit tests, self-test.ts and browser tests.

/** NIST SP 800-38A, F.5.5 CTR-AES256.Encrypt. */
export const NIST_CTR_AES256 = {
  key: '603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4',
  counter: 'f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff',
  plaintext: [
    '6bc1bee22e409f96e93d7e117393172a',
    'ae2d8a571e03ac9c9eb76fac45af8e51',
    '30c81c46a35ce411e5fbc1191a0a52ef',
    'f69f2445df4f9b17ad2b417be66c3710',
  ],
  ciphertext: [
    '601ec313775789a5b7a7f504bbf3d228',
    'f443e3ca4d62b59aca84e990cacaf5c5',
    '2b0930daa23de94ce87017ba2d84988d',
    'dfc9c58db67aada613c2dd08457941a6',
  ],
} as const;

export type HmacVector = { name: string; key: string; data: string; mac: string };

const hex = (text: string) =>
  Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');
const repeat = (byte: string, n: number) => byte.repeat(n);

/** RFC 4231 test cases 1-7, HMAC-SHA-256; case 5's MAC is truncated to 128 bits. */
export const RFC4231_HMAC_SHA256: readonly HmacVector[] = [
  {
    name: 'RFC 4231 case 1',
    key: repeat('0b', 20),
    data: hex('Hi There'),
    mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  },
  {
    name: 'RFC 4231 case 2',
    key: hex('Jefe'),
    data: hex('what do ya want for nothing?'),
    mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  },
  {
    name: 'RFC 4231 case 3',
    key: repeat('aa', 20),
    data: repeat('dd', 50),
    mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe',
  },
  {
    name: 'RFC 4231 case 4',
    key: '0102030405060708090a0b0c0d0e0f10111213141516171819',
    data: repeat('cd', 50),
    mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b',
  },
  {
    name: 'RFC 4231 case 5 (truncated to 128 bits)',
    key: repeat('0c', 20),
    data: hex('Test With Truncation'),
    mac: 'a3b6167473100ee06e0c796c2955552b',
  },
  {
    name: 'RFC 4231 case 6',
    key: repeat('aa', 131),
    data: hex('Test Using Larger Than Block-Size Key - Hash Key First'),
    mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  },
  {
    name: 'RFC 4231 case 7',
    key: repeat('aa', 131),
    data: hex(
      'This is a test using a larger than block-size key and a larger than block-size data.' +
        ' The key needs to be hashed before being used by the HMAC algorithm.',
    ),
    mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  },
];
