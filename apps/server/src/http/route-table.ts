import type { FastifyInstance } from 'fastify';

export type RouteEntry = { method: string; url: string };

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Records every route as Fastify registers it, so checks cover a new route without a hand-written list. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      table.push({ method, url: route.url });
    }
  });
}

/** The routes recorded on this app, in registration order. */
export function routeTable(app: FastifyInstance): readonly RouteEntry[] {
  return tables.get(app) ?? [];
}
