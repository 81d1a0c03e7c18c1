import { z, type ZodType } from 'zod';
import { API_PREFIX, VERSION } from '@parley/protocol';
import type { RouteEntry } from '../../http/route-table.js';
import { OPERATIONS } from './operations.js';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
}

const ErrorEnvelope = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'One of the codes in packages/protocol/src/codes.ts' },
        message: { type: 'string' },
        details: {},
      },
    },
  },
};

function queryParameters(schema: ZodType): JsonSchema[] {
  const shape = jsonSchema(schema);
  const properties = (shape.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((shape.required ?? []) as string[]);
  return Object.entries(properties).map(([name, s]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema: s,
  }));
}

/** OpenAPI 3.1 for the API routes Fastify registered, with the protocol's schemas for bodies and queries. */
export function buildOpenApi(routes: readonly RouteEntry[]): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { method, url } of routes) {
    if (!url.startsWith(`${API_PREFIX}/`)) continue;
    const key = `${method} ${url.slice(API_PREFIX.length)}`;
    const op = OPERATIONS[key];
    const params = [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => ({
      name: m[1],
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const operation: Record<string, unknown> = {
      operationId: key.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, ''),
      summary: op?.summary ?? key,
      parameters: [...params, ...(op?.query ? queryParameters(op.query) : [])],
      responses: {
        '2XX': { description: 'Success', content: { 'application/json': {} } },
        default: {
          description: 'The error envelope',
          content: { 'application/json': { schema: ErrorEnvelope } },
        },
      },
      ...(op?.public ? { security: [] } : {}),
    };
    if (op?.body)
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(op.body) } },
      };
    const path = url.replace(/:([A-Za-z]+)/g, '{$1}');
    (paths[path] ??= {})[method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Parley API',
      version: VERSION,
      description:
        'A browser signs in with the parley_session cookie, and its writes need the header x-parley-csrf: 1 and an allowed Origin. A bot sends Authorization: Bearer <its token> instead, with no cookie or CSRF header; the /auth routes refuse it, bar GET /auth/session.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'parley_session' },
        bot: { type: 'http', scheme: 'bearer' },
      },
    },
    security: [{ session: [] }, { bot: [] }],
    paths,
  };
}
