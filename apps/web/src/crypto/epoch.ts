import { createStore } from '../lib/store';

/** Bumped whenever keys arrive or change, so messages that could not be decrypted are tried again. */
export const cryptoEpoch = createStore(0);
export const bumpCryptoEpoch = () => cryptoEpoch.set((n) => n + 1);

/** Bumped when someone's public keys change: waiting members may now get channel keys. */
export const peersEpoch = createStore(0);
export const bumpPeers = () => {
  peersEpoch.set((n) => n + 1);
  bumpCryptoEpoch();
};
