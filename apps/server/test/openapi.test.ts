import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@parley/protocol';
import { fieldRulesMarkdown } from '../src/features/openapi/field-rules.js';
import { routeTable } from '../src/http/route-table.js';
import { startServer, type TestServer } from './support/server.js';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { summary: string; requestBody?: { content: Record<string, { schema: any }> }; parameters: any[] }
    >
  >;
};

describe('GET /api/v1/openapi.json', () => {
  let server: TestServer;
  let doc: Doc;
  beforeAll(async () => {
    server = await startServer();
    doc = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as Doc;
  }, 120_000);
  afterAll(async () => server?.stop());

  it('lists every API route Fastify registered, with its method and path parameters', () => {
    const routes = routeTable(server.parley.app).filter((r) => r.url.startsWith(`${API_PREFIX}/`));
    expect(routes.length).toBeGreaterThan(40);
    expect(doc.openapi).toBe('3.1.0');
    for (const { method, url } of routes) {
      const op = doc.paths[url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[method.toLowerCase()];
      expect(op, `${method} ${url}`).toBeDefined();
      for (const [, name] of url.matchAll(/:([A-Za-z]+)/g))
        expect(
          op!.parameters.some((p) => p.in === 'path' && p.name === name),
          `${url} ${name}`,
        ).toBe(true);
    }
  });

  it("describes bodies and queries with the protocol's rules", () => {
    const send = doc.paths['/api/v1/channels/{id}/messages']!.post!;
    const body = send.requestBody!.content['application/json']!.schema;
    // A plain message (perhaps with files), files alone, or an encrypted message: closed shapes.
    expect(
      body.anyOf.map((b: any) =>
        Object.keys(b.properties).find((k) => ['body', 'fileIds', 'encrypted'].includes(k)),
      ),
    ).toEqual(['body', 'fileIds', 'encrypted']);
    expect(body.anyOf.every((b: any) => b.additionalProperties === false && b.properties.clientId)).toBe(
      true,
    );
    const register =
      doc.paths['/api/v1/auth/register']!.post!.requestBody!.content['application/json']!.schema;
    expect(register.properties.username.maxLength).toBeGreaterThan(0);
    expect(register.required).toContain('password');
    const history = doc.paths['/api/v1/channels/{id}/messages']!.get!;
    expect(history.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['id', 'before', 'after']));
  });

  it('serves a docs page listing the operations under the same CSP', async () => {
    const res = await fetch(`${server.url}/api/v1/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('/api/v1/channels/{id}/messages');
    expect(html).toContain('openapi.json');
    expect(html).not.toContain('<script');
  });
});

describe('docs/api.md field rules', () => {
  it('match the schemas the routes parse with', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    const table = /<!-- field-rules:start -->\n([\s\S]*?)\n<!-- field-rules:end -->/.exec(doc)?.[1];
    expect(table, 'regenerate the table with fieldRulesMarkdown()').toBe(fieldRulesMarkdown());
  });
});
