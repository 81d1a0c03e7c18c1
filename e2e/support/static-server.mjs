// Serves the built web app on its own origin, pointing at the API and socket on another origin.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..', process.env.WEB_DIST ?? 'apps/web/dist');
const api = process.env.API_ORIGIN;
const types = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/config.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          apiBase: `${api}/api/v1`,
          socketBase: api,
          socketPath: '/socket.io',
          cipherAlgorithm: 'aes-256-ctr',
          version: '1.13.0',
        }),
      );
    }
    let file = path.join(root, path.normalize(url.pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory())
      file = path.join(root, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  })
  .listen(Number(process.env.STATIC_PORT), '127.0.0.1');
