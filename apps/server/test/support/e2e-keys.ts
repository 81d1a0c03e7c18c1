import {
  exportPublicKeys,
  generateChannelKey,
  generateUserKeyPairs,
  importPublicKey,
  type PublicKeyStrings,
  type UserKeyPairs,
  wrapChannelKey,
} from '@parley/crypto';

/** Real key pairs, as a browser makes them; the private halves stay here, the server gets opaque stand-ins. */
export async function makeKeys(name: string) {
  const pairs = await generateUserKeyPairs();
  const publicKeys = await exportPublicKeys(pairs);
  return {
    pairs,
    publicKeys,
    body: { publicKeys, wrappedPrivate: `wrapped-private-${name}`, recoveryWrapped: `recovery-${name}` },
  };
}

export type TestKeys = Awaited<ReturnType<typeof makeKeys>>;

export const newChannelKey = (): Uint8Array => generateChannelKey();

/** A channel key wrapped for a member (by public keys) and signed by the wrapper. */
export async function wrapFor(
  secret: Uint8Array,
  version: number,
  channelId: string,
  recipient: PublicKeyStrings,
  signer: UserKeyPairs,
): Promise<string> {
  return wrapChannelKey({
    channelKey: secret,
    keyVersion: version,
    context: channelId,
    recipient: await importPublicKey(recipient.ecdh, 'ecdh'),
    signer: signer.ecdsa.privateKey,
  });
}
