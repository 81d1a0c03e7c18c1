import * as oidc from 'openid-client';
import type { OidcSettings } from '../../config.js';

const TIMEOUT_S = 5;
// Keys rotate on their own (the client refetches them); the rest of the provider's metadata is read again hourly.
const REDISCOVER_MS = 3_600_000;

/** The OpenID Connect provider, discovered at first use and kept; a failed discovery is tried again next time. */
export class SsoProvider {
  private found: { at: number; config: Promise<oidc.Configuration> } | undefined;

  constructor(private readonly settings: OidcSettings) {}

  get name(): string {
    return this.settings.name;
  }

  /** The issuer as the provider names itself, which identities are kept under; the setting while it cannot be reached. */
  async issuer(): Promise<string> {
    return this.configuration()
      .then((config) => config.serverMetadata().issuer)
      .catch(() => this.settings.issuer);
  }

  configuration(): Promise<oidc.Configuration> {
    if (!this.found || Date.now() - this.found.at > REDISCOVER_MS) {
      const config = oidc
        .discovery(
          new URL(this.settings.issuer),
          this.settings.clientId,
          this.settings.clientSecret,
          undefined,
          {
            // A provider on plain http (a test one, or an intranet's) is the operator's choice.
            execute: this.settings.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
            timeout: TIMEOUT_S,
          },
        )
        .catch((err: unknown) => {
          this.found = undefined;
          throw err;
        });
      this.found = { at: Date.now(), config };
    }
    return this.found.config;
  }
}
