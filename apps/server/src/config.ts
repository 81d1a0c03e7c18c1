import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { API_PREFIX, CIPHER_ALGORITHM } from '@parley/protocol';
import type { S3Settings } from './features/files/blobs.js';

const Env = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(postgres(ql)?|memory):\/\//.test(v), 'must be a postgres:// URL or memory://')
    .optional(),
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL')
    .optional(),
  PARLEY_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CIPHER_ALGORITHM: z
    .string()
    .default(CIPHER_ALGORITHM)
    .refine((v) => v === CIPHER_ALGORITHM, `only ${CIPHER_ALGORITHM} is supported`),
  PUBLIC_API_BASE: z.string().min(1).default(API_PREFIX),
  PUBLIC_SOCKET_BASE: z.string().default(''),
  SOCKET_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/._-]*$/, 'must be a path starting with /')
    .default('/socket.io'),
  ALLOWED_ORIGINS: z.string().default(''),
  MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(10_000).default(50),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(14),
  RATE_LIMITS: z.enum(['on', 'off'], "must be 'on' or 'off'").default('on'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_REQUESTS: z.enum(['on', 'off'], "must be 'on' or 'off'").default('on'),
  ALLOWED_HOSTS: z.string().default(''),
  LINK_PREVIEWS: z.enum(['on', 'off'], "must be 'on' or 'off'").default('on'),
  LINK_PREVIEW_PRIVATE_HOSTS: z.string().default(''),
  OUTGOING_WEBHOOK_PRIVATE_HOSTS: z.string().default(''),
  OIDC_ISSUER: z.string().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().trim().min(1).max(40).default('single sign-on'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
});

/** Every setting's name, as .env.example lists them. */
export const SETTING_NAMES = Object.keys(Env.shape);

export type Config = {
  mode: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  secret: string | undefined;
  cipherAlgorithm: typeof CIPHER_ALGORITHM;
  publicApiBase: string;
  publicSocketBase: string;
  socketPath: string;
  allowedOrigins: string[];
  maxUploadMb: number;
  logLevel: string;
  webDist: string;
  /** A session unused this long is refused, besides the 30-day maximum. */
  sessionIdleDays: number;
  /** Off lifts request budgets and the hashing line (tests, load tests); failed-login limits stay. */
  rateLimits: boolean;
  /** Bearer token that opens /metrics; without one the endpoint does not exist. */
  metricsToken: string | undefined;
  /** One JSON log line per request (pino), with its request id. */
  logRequests: boolean;
  /** Host names the server answers to, besides the derived ones; ['*'] answers any. */
  allowedHosts: string[];
  /** An S3-compatible bucket for uploaded files (several nodes share it); unset: DATA_DIR/files. */
  s3: S3Settings | undefined;
  /** Previews of links in messages, fetched by the server; off: none is fetched. */
  linkPreviews: boolean;
  /** Hosts previews may reach though they are on a private network (an intranet wiki). */
  linkPreviewPrivateHosts: string[];
  /** Hosts outgoing webhooks may call though they are on a private network (a bot beside Parley). */
  outgoingWebhookPrivateHosts: string[];
  /** An OpenID Connect provider people may sign in with; unset: passwords only. */
  oidc: OidcSettings | undefined;
};

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; name: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Parley cannot start; fix these settings:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment once; everything else receives the typed object. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const origins = e.ALLOWED_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    if (!isOrigin(origin))
      problems.push(`ALLOWED_ORIGINS: "${origin}" is not an origin like https://chat.example.com`);
  }
  const hosts = e.ALLOWED_HOSTS.split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const host of hosts) {
    if (host !== '*' && !isHost(host))
      problems.push(`ALLOWED_HOSTS: "${host}" is not a host name like chat.example.com (a port may follow)`);
  }
  for (const [name, value] of [
    ['PUBLIC_API_BASE', e.PUBLIC_API_BASE],
    ['PUBLIC_SOCKET_BASE', e.PUBLIC_SOCKET_BASE],
  ] as const) {
    if (value && !value.startsWith('/') && !isUrl(value))
      problems.push(`${name}: "${value}" is not a path or URL`);
  }
  const previewHosts = privateHosts('LINK_PREVIEW_PRIVATE_HOSTS', e.LINK_PREVIEW_PRIVATE_HOSTS, problems);
  const webhookHosts = privateHosts(
    'OUTGOING_WEBHOOK_PRIVATE_HOSTS',
    e.OUTGOING_WEBHOOK_PRIVATE_HOSTS,
    problems,
  );
  const s3 = s3Settings(e, problems);
  const oidc = oidcSettings(e, problems);
  if (problems.length) throw new ConfigError(problems);
  return {
    mode: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    secret: e.PARLEY_SECRET,
    cipherAlgorithm: CIPHER_ALGORITHM,
    publicApiBase: e.PUBLIC_API_BASE.replace(/\/$/, ''),
    publicSocketBase: e.PUBLIC_SOCKET_BASE.replace(/\/$/, ''),
    socketPath: e.SOCKET_PATH,
    allowedOrigins: origins,
    maxUploadMb: e.MAX_UPLOAD_MB,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    rateLimits: e.RATE_LIMITS === 'on',
    metricsToken: e.METRICS_TOKEN,
    logRequests: e.LOG_REQUESTS === 'on',
    allowedHosts: hosts,
    s3,
    linkPreviews: e.LINK_PREVIEWS === 'on',
    linkPreviewPrivateHosts: previewHosts,
    outgoingWebhookPrivateHosts: webhookHosts,
    oidc,
  };
}

/** Host names or IP addresses, without ports, lower case. */
function privateHosts(name: string, value: string, problems: string[]): string[] {
  const hosts = value
    .split(',')
    .map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/^\[(.*)\]$/, '$1'),
    )
    .filter(Boolean);
  for (const host of hosts) {
    if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(host) && !isIP(host))
      problems.push(`${name}: "${host}" is not a host name or an IP address`);
  }
  return hosts;
}

/** Settings that go together: undefined when none is set, true when all are, else false with each missing one named. */
function together(given: Record<string, string | undefined>, prefix: string, problems: string[]) {
  const missing = Object.keys(given).filter((name) => !given[name]);
  if (missing.length === Object.keys(given).length) return undefined;
  for (const name of missing) problems.push(`${name}: needed when any ${prefix} setting is set`);
  return missing.length === 0;
}

/** All of S3_ENDPOINT, S3_BUCKET and the two keys, or none of them. */
function s3Settings(e: z.infer<typeof Env>, problems: string[]): S3Settings | undefined {
  const given = {
    S3_ENDPOINT: e.S3_ENDPOINT,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const whole = together(given, 'S3_', problems);
  if (whole === undefined) return undefined;
  if (e.S3_ENDPOINT && !isUrl(e.S3_ENDPOINT))
    problems.push(`S3_ENDPOINT: "${e.S3_ENDPOINT}" is not a URL like https://s3.example.com`);
  if (!whole || !isUrl(e.S3_ENDPOINT!)) return undefined;
  return {
    endpoint: e.S3_ENDPOINT!.replace(/\/$/, ''),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
  };
}

/** The issuer, client id and secret together, or none of them. */
function oidcSettings(e: z.infer<typeof Env>, problems: string[]): OidcSettings | undefined {
  const given = {
    OIDC_ISSUER: e.OIDC_ISSUER,
    OIDC_CLIENT_ID: e.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: e.OIDC_CLIENT_SECRET,
  };
  const whole = together(given, 'OIDC_', problems);
  if (whole === undefined) return undefined;
  const issuer = e.OIDC_ISSUER;
  if (issuer && (!isUrl(issuer) || new URL(issuer).search || new URL(issuer).hash))
    problems.push(`OIDC_ISSUER: "${issuer}" is not an issuer URL like https://id.example.com/realms/team`);
  if (!whole || !isUrl(issuer!)) return undefined;
  return {
    issuer: issuer!,
    clientId: e.OIDC_CLIENT_ID!,
    clientSecret: e.OIDC_CLIENT_SECRET!,
    name: e.OIDC_NAME,
  };
}

function isUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isOrigin(value: string): boolean {
  return isUrl(value) && new URL(value).origin === value;
}

function isHost(value: string): boolean {
  return /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:\d{1,5})?$/.test(value);
}
