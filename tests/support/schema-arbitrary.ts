/**
 * fast-check arbitraries from the API's TypeBox (JSON) schemas, for the contract fuzzing (tests/server/fuzz.test.ts):
 * values the schema accepts, values of known records (`known`, by field name), and malformed ones (wrong types,
 * sizes, unicode, huge numbers), mixed so that most requests get past validation and reach the domain.
 */
import fc from 'fast-check';
import { FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE } from '../../contract/calendar-days.ts';

/** A JSON schema as TypeBox builds it (the fields this module reads). */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  patternProperties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/** Values a client may send by field name: the ids of records that exist (a stay, an action, a reward…). */
export type KnownValues = Record<string, fc.Arbitrary<unknown>>;

/** What a careless or hostile client sends instead of the right value. */
export const malformed: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    'null',
    'true',
    '../../etc/passwd',
    '%00',
    'a\u0000b',
    '\u202e',
    '😀',
    "' OR 1=1 --",
  ),
  fc.constant('x'.repeat(20_000)),
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, -0, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 }),
);

function bounded(max: number | undefined, cap: number): number {
  return Math.min(max ?? cap, cap);
}

/** Values the schema accepts (strings of bounded size, numbers in range). */
export function validOf(schema: JsonSchema, known: KnownValues = {}): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => validOf(option, known)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -(2 ** 31), max: schema.maximum ?? 2 ** 31 - 1 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e9,
        max: schema.maximum ?? schema.exclusiveMaximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validOf(schema.items ?? {}, known), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, bounded(schema.maxItems, 4)),
      });
    case 'object':
      return objectOf(schema, known, 0);
    default:
      return fc.jsonValue();
  }
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, bounded(schema.maxLength, 40));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  // The API's dates (docs/behaviour.md#dates); the malformed values cover the others.
  if (schema.format === 'date')
    return fc
      .date({
        min: new Date(FIRST_CALENDAR_DATE),
        max: new Date(`${LAST_CALENDAR_DATE}T23:59:59Z`),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.pattern) {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY));
  }
  return fc.string({ minLength, maxLength });
}

/**
 * An object of the schema whose fields are, field by field, a known value, a valid one or (with `malformedWeight`)
 * a malformed one; required fields are sometimes missing, and unknown fields sometimes added.
 */
export function objectOf(schema: JsonSchema, known: KnownValues, malformedWeight = 1): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  if (properties.length === 0 && schema.patternProperties) {
    const [, valueSchema] = Object.entries(schema.patternProperties)[0] ?? [];
    return fc.dictionary(fc.constantFrom('fr', 'en', 'ar', 'x'), validOf(valueSchema ?? {}, known), { maxKeys: 3 });
  }
  const fields = Object.fromEntries(
    properties.map(([name, field]) => [name, fieldOf(name, field, known, malformedWeight)]),
  );
  const required = schema.required ?? [];
  const complete = fc.record(fields, { requiredKeys: required });
  if (malformedWeight === 0) return complete;
  return fc.oneof(
    { weight: 8, arbitrary: complete },
    // Required fields left out.
    { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    // Fields the contract does not have.
    {
      weight: 1,
      arbitrary: fc
        .tuple(complete, fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), malformed, { maxKeys: 2 }))
        .map(([value, extra]) => ({ ...extra, ...(value as object) })),
    },
  );
}

/** One field: mostly a record that exists (when known), else valid, sometimes malformed. */
export function fieldOf(name: string, schema: JsonSchema, known: KnownValues, malformedWeight = 1) {
  const choices: Array<{ weight: number; arbitrary: fc.Arbitrary<unknown> }> = [
    { weight: 4, arbitrary: validOf(schema, known) },
  ];
  const knownValue = known[name];
  if (knownValue) choices.push({ weight: 8, arbitrary: knownValue });
  if (malformedWeight > 0) choices.push({ weight: malformedWeight, arbitrary: malformed });
  return fc.oneof(...choices);
}
