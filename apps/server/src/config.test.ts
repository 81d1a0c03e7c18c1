import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTING_NAMES } from './config.js';
import { ensureSecret } from './secret.js';

describe('loadConfig', () => {
  it('has every setting in .env.example, and nothing there it does not read', () => {
    const example = fs.readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
    const listed = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...new Set(listed)].sort()).toEqual([...SETTING_NAMES].sort());
  });

  it('gives the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      socketPath: '/socket.io',
      publicApiBase: '/api/v1',
      publicSocketBase: '',
      cipherAlgorithm: 'aes-256-ctr',
      maxUploadMb: 50,
      databaseUrl: undefined,
      redisUrl: undefined,
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('keeps rate limits on unless RATE_LIMITS=off, and refuses any other value', () => {
    expect(loadConfig({}).rateLimits).toBe(true);
    expect(loadConfig({ RATE_LIMITS: 'off' }).rateLimits).toBe(false);
    expect(() => loadConfig({ RATE_LIMITS: 'maybe' })).toThrow(/RATE_LIMITS/);
  });

  it('previews links unless LINK_PREVIEWS=off, reaching private hosts only when listed', () => {
    expect(loadConfig({})).toMatchObject({ linkPreviews: true, linkPreviewPrivateHosts: [] });
    expect(loadConfig({ LINK_PREVIEWS: 'off' }).linkPreviews).toBe(false);
    expect(() => loadConfig({ LINK_PREVIEWS: 'yes' })).toThrow(/LINK_PREVIEWS/);
    expect(
      loadConfig({ LINK_PREVIEW_PRIVATE_HOSTS: ' Wiki.corp ,127.0.0.1,[::1]' }).linkPreviewPrivateHosts,
    ).toEqual(['wiki.corp', '127.0.0.1', '::1']);
    expect(() => loadConfig({ LINK_PREVIEW_PRIVATE_HOSTS: 'wiki.corp:8080' })).toThrow(
      /LINK_PREVIEW_PRIVATE_HOSTS: "wiki.corp:8080"/,
    );
    expect(loadConfig({ OUTGOING_WEBHOOK_PRIVATE_HOSTS: 'bots.lan' }).outgoingWebhookPrivateHosts).toEqual([
      'bots.lan',
    ]);
    expect(() => loadConfig({ OUTGOING_WEBHOOK_PRIVATE_HOSTS: 'a b' })).toThrow(
      /OUTGOING_WEBHOOK_PRIVATE_HOSTS/,
    );
  });

  it('accepts aes-256-ctr and refuses any other cipher', () => {
    expect(loadConfig({ CIPHER_ALGORITHM: 'aes-256-ctr' }).cipherAlgorithm).toBe('aes-256-ctr');
    expect(() => loadConfig({ CIPHER_ALGORITHM: 'aes-256-gcm' })).toThrow(
      /CIPHER_ALGORITHM: only aes-256-ctr/,
    );
  });

  it('lists every bad setting in one error', () => {
    try {
      loadConfig({
        PORT: 'eighty',
        PARLEY_SECRET: 'short',
        SOCKET_PATH: 'no-slash',
        DATABASE_URL: 'mysql://x',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      for (const name of ['PORT', 'PARLEY_SECRET', 'SOCKET_PATH', 'DATABASE_URL'])
        expect(problems).toContain(name);
    }
  });

  it('keeps files in DATA_DIR unless a whole S3 setting is given, and names what is missing', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    const s3 = {
      S3_ENDPOINT: 'https://s3.example.com/',
      S3_BUCKET: 'parley',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'key',
    };
    expect(loadConfig(s3).s3).toEqual({
      endpoint: 'https://s3.example.com',
      bucket: 'parley',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'key',
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'ftp://x', S3_BUCKET: 'parley' })).toThrow(
      /S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY[\s\S]*S3_ENDPOINT: "ftp:\/\/x" is not a URL/,
    );
  });

  it('turns single sign-on on only with an issuer, client id and secret together', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
    const oidc = {
      OIDC_ISSUER: 'https://id.example.com/realms/team',
      OIDC_CLIENT_ID: 'parley',
      OIDC_CLIENT_SECRET: 's',
    };
    expect(loadConfig(oidc).oidc).toEqual({
      issuer: 'https://id.example.com/realms/team',
      clientId: 'parley',
      clientSecret: 's',
      name: 'single sign-on',
    });
    expect(loadConfig({ ...oidc, OIDC_NAME: 'Acme SSO' }).oidc?.name).toBe('Acme SSO');
    expect(() => loadConfig({ OIDC_ISSUER: 'id.example.com?x=1', OIDC_CLIENT_ID: 'parley' })).toThrow(
      /OIDC_CLIENT_SECRET: needed[\s\S]*OIDC_ISSUER: "id.example.com\?x=1" is not an issuer URL/,
    );
    expect(() => loadConfig({ ...oidc, OIDC_ISSUER: 'https://id.example.com/?x=1' })).toThrow(/OIDC_ISSUER/);
  });

  it('takes API and socket bases on other hosts, and checks allowed origins', () => {
    const config = loadConfig({
      PUBLIC_API_BASE: 'https://api.example.com/api/v1/',
      PUBLIC_SOCKET_BASE: 'https://rt.example.com',
      ALLOWED_ORIGINS: 'https://chat.example.com, http://localhost:4000',
    });
    expect(config.publicApiBase).toBe('https://api.example.com/api/v1');
    expect(config.publicSocketBase).toBe('https://rt.example.com');
    expect(config.allowedOrigins).toEqual(['https://chat.example.com', 'http://localhost:4000']);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://chat.example.com/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ PUBLIC_API_BASE: 'ftp://x' })).toThrow(ConfigError);
  });
});

describe('ensureSecret', () => {
  it('generates a secret once into DATA_DIR with mode 0600 and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-secret-'));
    const logs: string[] = [];
    const first = ensureSecret(dir, (m) => logs.push(m));
    const second = ensureSecret(dir, (m) => logs.push(m));
    expect(first).toHaveLength(43);
    expect(second).toBe(first);
    expect(fs.statSync(path.join(dir, 'secret')).mode & 0o777).toBe(0o600);
    expect(logs).toHaveLength(1);
    expect(logs[0]).not.toContain(first);
  });
});
