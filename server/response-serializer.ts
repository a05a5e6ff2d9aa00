/**
 * Answers are serialised by fast-json-stringify through each route's response schema, as Fastify does by default,
 * with one rewrite first: a union (`anyOf`) of plain types, or of one object type and null, becomes one schema with a
 * list of types. For an `anyOf` fast-json-stringify runs a validator on every value to pick the branch, which
 * doubled the cost of serialising the actions list, whose nullable fields are all such unions
 * (docs/performance.md#api-reads). Only the serialiser sees the rewrite: requests and the contract are validated
 * with the schemas as written.
 */
import fastJsonStringify, { type Schema } from 'fast-json-stringify';

const PLAIN_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);

type JsonSchema = { [keyword: string]: unknown };

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `schema` with its unions of plain types, and of an object type with null, written as type lists. */
export function withTypeLists(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTypeLists);
  if (!isSchema(schema)) return schema;
  const rewritten: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) rewritten[keyword] = withTypeLists(value);
  const { anyOf, ...rest } = rewritten;
  if (!Array.isArray(anyOf) || !anyOf.every(isSchema)) return rewritten;
  const types = anyOf.map((branch) => branch.type);
  // Serialising does not check values: a literal's `const` only matters to validation.
  if (types.every((type) => typeof type === 'string' && PLAIN_TYPES.has(type)))
    return { ...rest, type: [...new Set(types)] };
  const [first, second] = anyOf;
  if (anyOf.length === 2 && first?.type === 'object' && second?.type === 'null')
    return { ...rest, ...first, type: ['object', 'null'] };
  return rewritten;
}

/** Fastify's serializer compiler: fast-json-stringify, compiled once per route from its response schema. */
export function compileResponseSerializer({ schema }: { schema: unknown }): (data: unknown) => string {
  return fastJsonStringify(withTypeLists(schema) as Schema);
}
