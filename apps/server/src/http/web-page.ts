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

/** index.html from the web build, made once into a template the boot data is written into. */
export function loadWebPage(webDist: string): WebPage {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  // A page without a head gets no boot data: the app then asks for it.
  const at = html.includes('</head>') ? html.indexOf('</head>') : html.length;
  const [head, rest] = [html.slice(0, at), html.slice(at)];
  return {
    render(boot, acceptEncoding) {
      const script =
        at < html.length
          ? `<script id="parley-boot" type="application/json">${inlineJson(boot)}</script>`
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
