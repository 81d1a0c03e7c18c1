/** Same-origin requests and the configured allow-list pass; requests without an Origin are not from a browser page. */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: string[],
): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
