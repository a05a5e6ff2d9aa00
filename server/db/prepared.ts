/**
 * Statements built and compiled by Kysely once per database, then run with new values: building and compiling a
 * query takes more CPU than SQLite takes to answer or write a small one (docs/performance.md#api-reads), so the hot
 * reads and the ledger's and the caps' writes pay only for binding their values.
 *
 * On SQLite a statement runs on the connection's prepared statement directly, without Kysely's connection lock and
 * promise chain (they cost as much as the statement itself): outside a transaction when none is open on the
 * connection, and always inside the write transaction that holds the connection (db/store.ts). Otherwise (a read
 * while another request's transaction is open, PostgreSQL) the compiled statement runs through Kysely like any
 * query.
 *
 * The builder gets its values as placeholders: it may put them in the query (`where('s_uuid', '=', values.sUUID)`,
 * `values({ amount: values.amount })`) but not compute with them, nor build a query whose shape depends on them (a
 * list of varying length, a branch): a statement of another shape is another `prepared`.
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { directConnectionOf } from './sqlite.ts';

/** What a placeholder holds in the compiled query's parameters until a run puts the value there. */
const PLACEHOLDER = '\u0000placeholder:';

/** A compiled parameter: a value of the run (by name) or a constant of the query. */
type Parameter<V> = { value: keyof V & string } | { constant: unknown };

interface Template<V> {
  sql: string;
  parameters: Parameter<V>[];
}

function compileTemplate<V extends object, R>(
  db: Kysely<Database>,
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
  values: V,
): Template<V> {
  const placeholders = new Proxy(values, {
    get: (_target, name) => (typeof name === 'string' ? `${PLACEHOLDER}${name}` : undefined),
  });
  const compiled = build(db, placeholders).compile();
  if (compiled.sql.includes(PLACEHOLDER))
    throw new Error('A prepared statement must not inline its values into its SQL');
  const parameters = compiled.parameters.map((parameter): Parameter<V> => {
    if (typeof parameter !== 'string' || !parameter.startsWith(PLACEHOLDER)) return { constant: parameter };
    const name = parameter.slice(PLACEHOLDER.length);
    if (!(name in values)) throw new Error(`A prepared statement uses an unknown value: ${name}`);
    return { value: name as keyof V & string };
  });
  return { sql: compiled.sql, parameters };
}

/**
 * The rows of the statement `build` describes, run with `values` (a write without RETURNING answers none); compiled
 * on its first run on each database. `db` is the database or a write transaction's `tx.db`.
 */
export function prepared<V extends object, R>(
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
): (db: Kysely<Database>, values: V) => Promise<R[]> {
  // Keyed by the dialect's adapter: one per opened database, shared by its transactions' Kysely instances.
  const templates = new WeakMap<object, Template<V>>();
  return async (db, values) => {
    const executor = db.getExecutor();
    let template = templates.get(executor.adapter);
    if (template === undefined) {
      template = compileTemplate(db, build, values);
      templates.set(executor.adapter, template);
    }
    const parameters = template.parameters.map((parameter) =>
      'value' in parameter ? values[parameter.value] : parameter.constant,
    );
    const direct = directConnectionOf(db);
    if (direct?.isFree()) {
      const statement = direct.prepare(template.sql);
      if (statement.reader) return statement.all(parameters) as R[];
      statement.run(parameters);
      return [];
    }
    return (await db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters))).rows;
  };
}
