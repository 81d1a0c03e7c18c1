import http from 'node:http';

// Six keep-alive sockets, as a browser keeps per host.
const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });

/** GETs with a cookie and resolves with the status and parsed body once all of it arrived. */
export function getJson<T = unknown>(url: string, cookie?: string): Promise<{ status: number; body: T }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) as T }),
      );
    });
    req.on('error', reject);
  });
}
