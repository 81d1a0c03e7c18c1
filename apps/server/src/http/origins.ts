/** An origin in its one spelling (lower case, default port dropped), or undefined when it is not one. */
function normalOrigin(value: string): string | undefined {
  try {
    const url = new URL(value);
    return ['http:', 'https:'].includes(url.protocol) ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Same-origin requests and the configured allow-list pass, compared by scheme, host and port;
 * requests without an Origin are not from a browser page. Without `protocol`, either scheme of `host` is ours.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: string[],
  protocol?: 'http' | 'https',
): boolean {
  if (!origin) return true;
  const given = normalOrigin(origin);
  if (!given) return false;
  if (allowed.includes(given)) return true;
  if (host === undefined) return false;
  return (protocol ? [protocol] : ['http', 'https']).some((p) => given === normalOrigin(`${p}://${host}`));
}
