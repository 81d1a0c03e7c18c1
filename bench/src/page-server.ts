import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as esbuild from 'esbuild';

/** Bundles a bench module for the browser, its exports on `globalThis[globalName]`. */
export async function bundle(entry: string, globalName: string): Promise<string> {
  const built = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    globalName,
    platform: 'browser',
    target: 'es2022',
    write: false,
    // Init scripts run wrapped in a function, so the global is set explicitly.
    footer: { js: `globalThis.${globalName} = ${globalName};` },
  });
  return built.outputFiles[0]!.text;
}

/** Serves a page that loads the bundle, on loopback. */
export async function serveBundle(entry: string, globalName: string) {
  const script = await bundle(entry, globalName);
  const page = `<!doctype html><meta charset="utf-8"><title>bench</title><script src="/bench.js"></script>`;
  const server = http.createServer((req, res) => {
    const js = req.url === '/bench.js';
    res.writeHead(200, { 'content-type': js ? 'text/javascript' : 'text/html' });
    res.end(js ? script : page);
  });
  // 127.0.0.1 is a secure context, so WebCrypto is there.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}
