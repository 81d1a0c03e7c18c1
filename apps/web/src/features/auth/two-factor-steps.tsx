import { lazyChunk } from '../../lib/load-chunk';

// Loaded when a password step answers a ticket: most sign-ins never need them.
export const TwoFactorStep = lazyChunk(() =>
  import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);
export const TwoFactorSetupStep = lazyChunk(() =>
  import('./two-factor-setup-step').then((m) => ({ default: m.TwoFactorSetupStep })),
);
