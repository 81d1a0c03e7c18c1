import os from 'node:os';
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** Host names from the configured origins and public bases: where browsers are told to find this server. */
function configuredHosts(config: Config): string[] {
  const hosts: string[] = [];
  for (const value of [...config.allowedOrigins, config.publicApiBase, config.publicSocketBase]) {
    if (/^https?:\/\//.test(value)) hosts.push(new URL(value).host);
  }
  return hosts;
}

/** ALLOWED_HOSTS, else the derived names: loopback, this machine's name, and the configured origins' hosts. */
export function allowedHosts(config: Config): string[] | '*' {
  if (config.allowedHosts.includes('*')) return '*';
  const names = [...config.allowedHosts, ...configuredHosts(config)];
  if (config.allowedHosts.length === 0) names.push(...LOOPBACK, os.hostname().toLowerCase());
  return [...new Set(names)];
}

function hostnameOf(host: string): string {
  return host.replace(/:\d+$/, '');
}

/**
 * Whether a Host header names this server. An entry without a port matches any port; an IP address
 * always matches, as DNS rebinding needs a name the attacker controls.
 */
export function isAllowedHost(host: string, allowed: string[] | '*'): boolean {
  if (allowed === '*') return true;
  const lower = host.toLowerCase();
  const name = hostnameOf(lower);
  if (isIP(name) || isIP(name.replace(/^\[|\]$/g, ''))) return true;
  return allowed.some((entry) => entry === lower || entry === name);
}

/** Refuses requests whose Host is not ours (421), so a page on a rebinding domain cannot reach the API. */
export function installHostCheck(app: FastifyInstance, config: Config): void {
  const allowed = allowedHosts(config);
  if (allowed === '*') return;
  app.log.debug({ allowedHosts: allowed }, 'answering these hosts');
  app.addHook('onRequest', (req, _reply, done) => {
    const host = req.headers.host;
    if (!host) return done(new AppError('validation_failed', 'The Host header is missing.'));
    if (!isAllowedHost(host, allowed)) return done(new AppError('host_not_allowed'));
    done();
  });
}
