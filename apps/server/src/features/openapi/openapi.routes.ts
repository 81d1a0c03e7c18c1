import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@parley/protocol';
import { routeTable } from '../../http/route-table.js';
import { buildOpenApi } from './openapi.document.js';

type Doc = ReturnType<typeof buildOpenApi>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function docsPage(doc: Doc): string {
  const rows: string[] = [];
  for (const [path, methods] of Object.entries(
    doc.paths as Record<string, Record<string, { summary: string }>>,
  ))
    for (const [method, op] of Object.entries(methods))
      rows.push(
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escape(path)}</code></td><td>${escape(op.summary)}</td></tr>`,
      );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Parley API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
table{border-collapse:collapse;width:100%}td{border-top:1px solid #8884;padding:.3rem .5rem;vertical-align:top}</style>
</head><body><h1>Parley API</h1>
<p>The machine-readable document: <a href="${API_PREFIX}/openapi.json">openapi.json</a> (OpenAPI 3.1). Field rules and events: docs/api.md.</p>
<table><tbody>${rows.join('\n')}</tbody></table></body></html>`;
}

/** GET /api/v1/openapi.json and /api/v1/docs, built on first request from every route registered by then. */
export function installOpenApi(app: FastifyInstance): void {
  let doc: Doc | undefined;
  let page: string | undefined;
  const current = () => (doc ??= buildOpenApi(routeTable(app)));
  app.get(`${API_PREFIX}/openapi.json`, async () => current());
  app.get(`${API_PREFIX}/docs`, async (_req, reply) => {
    page ??= docsPage(current());
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
