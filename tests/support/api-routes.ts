import type { RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/connection.ts';

/** One call of the API as its route declares it. */
export interface ApiRoute {
  method: string;
  /** Fastify's pattern, `/api/actions/:actId/yesno`. */
  url: string;
  body?: TSchema;
  params?: TSchema;
  querystring?: TSchema;
  /** The answer's schema by status code. */
  response: Record<string, TSchema>;
}

/** Every /api call of the real app (HEAD and the API's docs left out), read from the routes as they register. */
export async function listApiRoutes(): Promise<ApiRoute[]> {
  const routes: ApiRoute[] = [];
  const database = openDatabase('sqlite::memory:');
  const app = await buildApp({
    db: database.db,
    kind: database.kind,
    frontToken: 'x',
    onRoute: (route: RouteOptions) => {
      const schema = (route.schema ?? {}) as Partial<Record<'body' | 'params' | 'querystring', TSchema>> & {
        response?: Record<string, TSchema>;
        hide?: boolean;
      };
      // The OpenAPI document and its reference page are about the API, not calls of it (they hide themselves).
      if (!route.url.startsWith('/api/') || schema.hide === true) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url: route.url,
          body: schema.body,
          params: schema.params,
          querystring: schema.querystring,
          response: schema.response ?? {},
        });
      }
    },
  });
  await app.ready();
  await app.close();
  await database.close();
  return routes;
}
