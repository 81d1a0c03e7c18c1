// The flood's own process: an attacker's requests are made off the member's event loop, as they would be elsewhere.
const [url, perSecond] = [process.argv[2]!, Number(process.argv[3])];
const statuses: Record<string, number> = {};
const inFlight = new Set<Promise<void>>();
let n = 0;

/** Every second, `perSecond` logins at once, each an unknown username from its own address. */
const timer = setInterval(() => {
  for (let i = 0; i < perSecond; i++) {
    n++;
    const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const attempt = fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-parley-csrf': '1', 'x-forwarded-for': address },
      body: JSON.stringify({ username: `nobody${n}`, password: 'a guess at a password' }),
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (res) => (await res.arrayBuffer(), res.status))
      .catch(() => 0)
      .then((status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
        inFlight.delete(attempt);
      });
    inFlight.add(attempt);
  }
}, 1000);

process.once('message', async () => {
  clearInterval(timer);
  await Promise.all(inFlight);
  process.send!(statuses);
});
