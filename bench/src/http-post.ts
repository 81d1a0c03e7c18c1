import http from 'node:http';

// Keep-alive sockets: node:http costs the load generator a fraction of fetch's CPU per send.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
// Long enough for a saturated server to work off its backlog, so a late answer is not counted as a failure.
const TIMEOUT_MS = 60_000;

/** POSTs JSON and resolves with the status, or 0 when the request fails or times out. */
export function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<number> {
  return request('POST', url, headers, JSON.stringify(body));
}

/** PUTs with no body (a reaction) and resolves with the status, or 0 when it fails or times out. */
export function putJson(url: string, headers: Record<string, string>): Promise<number> {
  return request('PUT', url, headers);
}

function request(method: string, url: string, headers: Record<string, string>, data?: string) {
  return new Promise<number>((resolve) => {
    const req = http.request(url, {
      method,
      agent,
      timeout: TIMEOUT_MS,
      headers:
        data === undefined
          ? headers
          : { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(data);
  });
}
