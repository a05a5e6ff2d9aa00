/**
 * Reads built and compiled by Kysely once per database, then run with new values: building and compiling a query
 * takes more CPU than SQLite takes to answer a small one (docs/performance.md#api-reads), so the guests' hot reads
 * pay only for binding their values. On SQLite they run on the connection's prepared statement directly, outside a
 * transaction (Kysely's promise chain per query cost as much as the read itself); on PostgreSQL the compiled query
 * runs through Kysely like any other.
 *
 * The builder gets its values as placeholders: it may put them in the query (`where('s_uuid', '=', values.sUUID)`,
 * `where('night_id', 'in', [values.nightId, 'STAY'])`) but not compute with them, nor build a query whose shape
 * depends on them (a list of varying length).
 */
import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import { directReaderOf } from './connection.ts';
import type { Database } from './schema.ts';

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
  if (compiled.sql.includes(PLACEHOLDER)) throw new Error('A prepared read must not inline its values into its SQL');
  const parameters = compiled.parameters.map((parameter): Parameter<V> => {
    if (typeof parameter !== 'string' || !parameter.startsWith(PLACEHOLDER)) return { constant: parameter };
    const name = parameter.slice(PLACEHOLDER.length);
    if (!(name in values)) throw new Error(`A prepared read uses an unknown value: ${name}`);
    return { value: name as keyof V & string };
  });
  return { sql: compiled.sql, parameters };
}

/** The rows of the read `build` describes, for `values`; compiled on its first run on each database. */
export function preparedRead<V extends object, R>(
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
): (db: Kysely<Database>, values: V) => Promise<R[]> {
  const templates = new WeakMap<Kysely<Database>, Template<V>>();
  return async (db, values) => {
    let template = templates.get(db);
    if (template === undefined) {
      template = compileTemplate(db, build, values);
      templates.set(db, template);
    }
    const parameters = template.parameters.map((parameter) =>
      'value' in parameter ? values[parameter.value] : parameter.constant,
    );
    // better-sqlite3 answers synchronously, so outside a transaction nothing can interleave with the read; inside
    // one (another request's, between its awaits) the read waits for Kysely's connection like any query.
    const direct = directReaderOf(db);
    if (direct && !direct.inTransaction()) return direct.prepare(template.sql).all(parameters) as R[];
    return (await db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters))).rows;
  };
}
