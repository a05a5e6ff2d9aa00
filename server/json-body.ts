/**
 * The JSON body parser (docs/reliability.md#hardening): Fastify's own (secure-json-parse, which refuses `__proto__`
 * and `constructor.prototype`), behind one linear scan that refuses a body nested deeper than MAX_JSON_DEPTH or holding
 * more than MAX_JSON_VALUES values. Parsing a 1 MB body nested 500,000 deep held the event loop for about 0.4 s, every
 * other request waiting, and one of 333,000 empty arrays or 100,000 keys about as long; the scan stops at the first
 * bracket or value past a limit, and skips strings by native search (a photo's base64 is one string), so such bodies
 * cost no more than a flat one of their size.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from './domain/errors.ts';

/** Far above any body a schema allows (contract/schemas.ts: one object of a few scalars). */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_VALUES = 1_000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

/** The rest of a string with escapes in it, up to its closing quote (the unrolled loop: linear, no backtracking). */
const REST_OF_STRING = /[^"\\]*(?:\\[\s\S][^"\\]*)*"/y;

/**
 * The index of the quote that closes the string opened at `opening`: the next quote when no backslash is just before
 * it (a native search: a photo's base64 is one string), else where the pattern of escaped text ends.
 */
function endOfString(text: string, opening: number): number {
  const quote = text.indexOf('"', opening + 1);
  if (quote === -1) return text.length;
  if (text.charCodeAt(quote - 1) !== BACKSLASH) return quote;
  REST_OF_STRING.lastIndex = opening + 1;
  return REST_OF_STRING.test(text) ? REST_OF_STRING.lastIndex - 1 : text.length;
}

/**
 * Why a JSON text is refused, reading it once and stopping at the first excess: more than `maxDepth` objects or arrays
 * inside one another, or more than `maxValues` values in all (each comma and each object or array counts one);
 * null when neither. Brackets and commas inside strings are text.
 */
export function jsonShapeProblem(
  text: string,
  maxDepth: number,
  maxValues: number,
): 'too_deep' | 'too_many_values' | null {
  let depth = 0;
  let values = 0;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (char === QUOTE) at = endOfString(text, at);
    else if (char === OPEN_BRACKET || char === OPEN_BRACE) {
      depth++;
      values++;
      if (depth > maxDepth) return 'too_deep';
    } else if (char === CLOSE_BRACKET || char === CLOSE_BRACE) depth--;
    else if (char === COMMA) values++;
    if (values > maxValues) return 'too_many_values';
  }
  return null;
}

const NUL_ESCAPE = '\\u0000';

/**
 * Whether a JSON text holds a string with a NUL character (`\u0000` not itself escaped): PostgreSQL cannot store one,
 * and no field means anything by it. Each backslash is walked back over once, so the search stays linear.
 */
export function holdsNulCharacter(text: string): boolean {
  for (let at = text.indexOf(NUL_ESCAPE); at !== -1; at = text.indexOf(NUL_ESCAPE, at + NUL_ESCAPE.length)) {
    let backslashes = 1;
    while (text.charCodeAt(at - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 1) return true;
  }
  return false;
}

const SHAPE_MESSAGES = { too_deep: `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels` };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route whose body is a whole document (the content editor's) allows more values than MAX_JSON_VALUES. */
    maxJsonValues?: number;
  }
}

/**
 * Replaces Fastify's `application/json` parser by the same parser behind the shape scan and the NUL search (400
 * `bad_request`).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    const maxValues = request.routeOptions.config.maxJsonValues ?? MAX_JSON_VALUES;
    const problem = jsonShapeProblem(body, MAX_JSON_DEPTH, maxValues);
    if (problem === 'too_deep') done(new DomainError('bad_request', 'bad_request', SHAPE_MESSAGES.too_deep));
    else if (problem === 'too_many_values')
      done(new DomainError('bad_request', 'bad_request', `The JSON body holds more than ${maxValues} values`));
    else if (holdsNulCharacter(body))
      done(new DomainError('bad_request', 'bad_request', 'A text of the JSON body holds a NUL character'));
    else parse(request, body, done);
  });
}
