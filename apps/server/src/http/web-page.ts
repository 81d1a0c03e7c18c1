import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { BootData } from '@parley/protocol';

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** JSON safe inside a script element: no `</script>`, no comment openers, no line separators. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export type WebPage = {
  /** The page with its boot data, compressed as `acceptEncoding` allows. */
  render(boot: BootData, acceptEncoding: string | undefined): { body: Buffer; encoding: string | null };
};

const ASSET = /^\/assets\/[\w.-]+\.js$/;

/** The chat screen's chunks, as the web build lists them; none from a build without the list. */
function readChatPreloads(webDist: string): string[] {
  const file = path.join(webDist, 'chat-preloads.json');
  if (!fs.existsSync(file)) return [];
  const list: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  return Array.isArray(list) ? list.filter((f): f is string => typeof f === 'string' && ASSET.test(f)) : [];
}

/** index.html from the web build, made once into a template the boot data is written into. */
export function loadWebPage(webDist: string): WebPage {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // Someone signed in gets the chat screen: its chunks download beside the entry script, not after it has run.
  const chatPreloads = readChatPreloads(webDist)
    .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
    .join('');
  // A page without a head gets no boot data: the app then asks for it.
  const at = html.includes('</head>') ? html.indexOf('</head>') : html.length;
  const [head, rest] = [html.slice(0, at), html.slice(at)];
  return {
    render(boot, acceptEncoding) {
      const script =
        at < html.length
          ? `<script id="parley-boot" type="application/json">${inlineJson(boot)}</script>${boot.user ? chatPreloads : ''}`
          : '';
      const page = Buffer.from(head + script + rest);
      const encoding = acceptEncoding ? encodings.negotiate(acceptEncoding) : null;
      // A few kilobytes: a quick brotli level costs a fraction of a millisecond.
      if (encoding === 'br')
        return {
          body: zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
          encoding,
        };
      if (encoding === 'gzip') return { body: zlib.gzipSync(page), encoding };
      return { body: page, encoding: null };
    },
  };
}
