/**
 * docs/server.md's calls table against the real routes: every /api route is listed, and every call that takes a
 * body shows it — its fields as `{a, b?}` (`?` for optional ones) or the name of its schema in contract/schemas.ts.
 */

import { readFileSync } from 'node:fs';
import type { TObject } from 'typebox';
import { expect, it } from 'vitest';
import * as contract from '../../contract/schemas.ts';
import { listApiRoutes } from '../support/api-routes.ts';

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
    for (const [, method, path] of firstCell.matchAll(/`(GET|POST|PUT|PATCH|DELETE|OPTIONS) ([^`?]+)/g)) {
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

it('docs/server.md lists every /api call, with the body of every call that takes one', async () => {
  const routes = (await listApiRoutes()).map((route) => ({
    call: `${route.method} ${route.url}`,
    body: route.body as TObject | undefined,
  }));
  expect(routes.length).toBeGreaterThan(20);

  const documented = documentedCalls();
  const contractNames = new Map<unknown, string>(Object.entries(contract).map(([name, value]) => [value, name]));
  for (const { call, body } of routes) {
    const entry = documented.get(call);
    expect(entry, `${call} is not in the calls table`).toBeDefined();
    // A text body (the YAML import) has no fields to list.
    if (!entry || !body || body.type !== 'object') continue;
    const schemaName = contractNames.get(body);
    if (schemaName !== undefined && entry.row.includes(schemaName)) continue;
    expect(entry.fields, `${call}: the row shows no body (expected ${fieldsOf(body)})`).not.toBeNull();
    expect(sortedFields(entry.fields ?? ''), call).toEqual(sortedFields(fieldsOf(body)));
  }
});
