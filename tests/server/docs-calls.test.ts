/**
 * docs/server.md's calls table against the real routes: every /api route is listed, and every call that takes a
 * body shows it — its fields as `{a, b?}` (`?` for optional ones) or the name of its schema in contract/schemas.ts.
 */

import { readFileSync } from 'node:fs';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { TObject } from 'typebox';
import { afterAll, expect, it } from 'vitest';
import * as contract from '../../contract/schemas.ts';
import { openDatabase } from '../../server/db/connection.ts';
import { createStore } from '../../server/db/store.ts';
import { systemClock } from '../../server/domain/hotel-time.ts';
import { menuAnalyser } from '../../server/domain/meals/analysers.ts';
import { frontTokenHooks } from '../../server/front-token.ts';
import { apiRoutes } from '../../server/routes/api.ts';
import { staffAuthHooks } from '../../server/staff-auth.ts';

interface DocumentedCall {
  row: string;
  /** The call's body as the row writes it, `{uuid, sUUID, code?}`; null when the row shows none. */
  fields: string | null;
}

/** The calls table: `METHOD /path` → its row (a row may list several calls, or several paths as `{a,b}`). */
function documentedCalls(): Map<string, DocumentedCall> {
  const text = readFileSync(new URL('../../docs/server.md', import.meta.url), 'utf8');
  const table = text.slice(text.indexOf('## Calls'), text.indexOf('\n## ', text.indexOf('## Calls') + 1));
  const calls = new Map<string, DocumentedCall>();
  for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
    const firstCell = row.split(' | ')[0] ?? '';
    const fields = /`(\{[^`]*\})`/.exec(firstCell)?.[1] ?? null;
    for (const [, method, path] of firstCell.matchAll(/`(GET|POST|PUT|DELETE|OPTIONS) ([^`?]+)/g)) {
      const [, head, alternatives, tail] = /^(.*)\{([^}]*)\}(.*)$/.exec(path ?? '') ?? [];
      const paths =
        alternatives !== undefined ? alternatives.split(',').map((part) => `${head}${part}${tail}`) : [path];
      for (const each of paths) calls.set(`${method} ${each}`, { row, fields });
    }
  }
  return calls;
}

function fieldsOf(body: TObject): string {
  const required = new Set(body.required ?? []);
  return `{${Object.keys(body.properties)
    .map((name) => (required.has(name) ? name : `${name}?`))
    .join(', ')}}`;
}

const sortedFields = (fields: string) =>
  fields
    .slice(1, -1)
    .split(',')
    .map((field) => field.trim())
    .sort();

const database = openDatabase('sqlite::memory:');
afterAll(() => database.close());

it('docs/server.md lists every /api call, with the body of every call that takes one', async () => {
  const routes: Array<{ call: string; body: TObject | undefined }> = [];
  const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routes.push({ call: `${method} ${route.url}`, body: route.schema?.body as TObject | undefined });
    }
  });
  const store = createStore(database.db, database.kind);
  await app.register(apiRoutes, {
    prefix: '/api',
    deps: {
      store,
      now: systemClock,
      mailer: null,
      frontToken: frontTokenHooks('x'),
      staffAuth: staffAuthHooks(store, systemClock),
      mealAnalyser: menuAnalyser,
    },
  });
  await app.ready();
  await app.close();
  expect(routes.length).toBeGreaterThan(20);

  const documented = documentedCalls();
  const contractNames = new Map<unknown, string>(Object.entries(contract).map(([name, value]) => [value, name]));
  for (const { call, body } of routes) {
    const entry = documented.get(call);
    expect(entry, `${call} is not in the calls table`).toBeDefined();
    if (!entry || !body) continue;
    const schemaName = contractNames.get(body);
    if (schemaName !== undefined && entry.row.includes(schemaName)) continue;
    expect(entry.fields, `${call}: the row shows no body (expected ${fieldsOf(body)})`).not.toBeNull();
    expect(sortedFields(entry.fields ?? ''), call).toEqual(sortedFields(fieldsOf(body)));
  }
});
