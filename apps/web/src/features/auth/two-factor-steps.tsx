import { lazy } from 'react';

// Loaded when a password step answers a ticket: most sign-ins never need them.
export const TwoFactorStep = lazy(() =>
  import('./two-factor-step').then((m) => ({ default: m.TwoFactorStep })),
);
export const TwoFactorSetupStep = lazy(() =>
  import('./two-factor-setup-step').then((m) => ({ default: m.TwoFactorSetupStep })),
);
