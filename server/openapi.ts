/**
 * The API's OpenAPI 3.1 document (docs/operations.md#api-reference-openapi), at /api/openapi.json: @fastify/swagger
 * writes it from the TypeBox schemas the routes validate and serialise with, so it cannot drift from them. What a
 * route's schema does not say is added here, once for every route: the error answers any call may give, and the
 * credentials its preHandler asks for. The reference page for people, /api/docs (@fastify/swagger-ui), serves its own
 * files; nothing of it reaches the guest app's bundle.
 */
import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { FRONT_TOKEN_HEADER } from '../contract/headers.ts';
import { ERROR_BODY_ID, ErrorBody } from '../contract/schemas.ts';
import type { AppDeps } from './deps.ts';

const OPENAPI_PATH = '/api/openapi.json';
const API_DOCS_PREFIX = '/api/docs';

/** The app's page, served at these paths as at every app address: not a call of the API. */
const PAGE_PATHS = new Set(['/', '/index.html']);

const packageVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const DESCRIPTION = `The JSON API of GreenMiles, the hotel eco-loyalty app: guests' stays, actions and rewards, the staff
desk, and the operations routes (probes). Every failed call answers \`{ "error": code, "message": text }\` (the
shared schema ErrorBody): clients classify failures by \`error\`, never by \`message\`. A guest's stay is named by its
\`sUUID\` and proven by its owner's profile id (\`uuid\`) in the same call; there is no cookie. Staff calls need a
staff session's bearer token (\`POST /api/staff/sessions\` with a staff account's name and PIN), and the account's role
must allow the call.`;

/**
 * The error answers an /api route may give beyond those its schema lists: a server fault, the database, and for a
 * body its size and content type (server/error-handler.ts, server/json-body.ts).
 */
function commonErrorStatuses(schema: FastifySchema | undefined): number[] {
  return schema?.body === undefined ? [500, 503] : [413, 415, 500, 503];
}

type Security = Record<string, string[]>[];

/** The credentials the route's preHandler checks, as OpenAPI security requirements (alternatives). */
function securityOf(route: RouteOptions, deps: AppDeps): Security | undefined {
  // A staff check runs on request where the body is a whole document (read only for a manager), else before the handler.
  const hooks = [route.onRequest ?? [], route.preHandler ?? []].flat();
  const staff = hooks.some(deps.staffAuth.isStaffHook);
  const frontToken = hooks.includes(deps.frontToken.required);
  if (staff || frontToken)
    return [{ ...(staff ? { staffSession: [] } : {}), ...(frontToken ? { frontToken: [] } : {}) }];
  // The header may be left out; a wrong one is refused.
  if (hooks.includes(deps.frontToken.whenSent)) return [{}, { frontToken: [] }];
  return undefined;
}

/** The shared error schema, by reference (registered with `addSchema` below). */
const ERROR_ANSWER = { $ref: `${ERROR_BODY_ID}#` };

/**
 * The route's schema as the document shows it: tagged by its group, with every error answer (by reference to the
 * shared ErrorBody) and the credentials it needs.
 */
function documentedSchema(route: RouteOptions, deps: AppDeps): FastifySchema & Record<string, unknown> {
  const schema: FastifySchema & { hide?: boolean } = route.schema ?? {};
  // The docs' own routes and the static files hide themselves.
  if (schema.hide === true || PAGE_PATHS.has(route.url)) return { hide: true };
  const group = route.url.startsWith('/api/') ? route.url.split('/')[2] : undefined;
  // Outside /api: the routes an operator calls (the health probes), not the guests' or the staff's.
  if (group === undefined) return { ...schema, tags: ['operations'] };
  const response: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(schema.response ?? {}))
    response[status] = answer === ErrorBody ? ERROR_ANSWER : answer;
  for (const status of commonErrorStatuses(schema)) response[status] ??= ERROR_ANSWER;
  const security = securityOf(route, deps);
  return { ...schema, response, tags: [group], ...(security ? { security } : {}) };
}

interface DocumentedOperation {
  responses?: Record<string, { description: string }>;
}

/** Each answer without a description of its own is described by its HTTP status. */
function describeAnswers<Document extends { paths?: object }>(document: Document): Document {
  const pathItems = Object.values(document.paths ?? {}) as Record<string, DocumentedOperation>[];
  for (const operation of pathItems.flatMap((item) => Object.values(item)))
    for (const [status, answer] of Object.entries(operation.responses ?? {}))
      if (answer.description === 'Default Response') answer.description = STATUS_CODES[status] ?? status;
  return document;
}

/** Registers the document's generator (before any route, so it sees them all), its address and the reference page. */
export async function registerOpenApi(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'GreenMiles API', version: packageVersion, description: DESCRIPTION },
      components: {
        securitySchemes: {
          staffSession: {
            type: 'http',
            scheme: 'bearer',
            description: 'A staff session token from POST /api/staff/sessions, refused once it expires or is ended.',
          },
          frontToken: {
            type: 'apiKey',
            in: 'header',
            name: FRONT_TOKEN_HEADER,
            description:
              'The front token written into the served app page (FRONT_TOKEN): a speed bump against casual scripts, not a secret.',
          },
        },
      },
    },
    // Shared schemas (an `$id`) are named by it in components.schemas.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`) },
    transform: ({ route, url }) => ({ schema: documentedSchema(route, deps), url }),
    transformObject: (document) =>
      'openapiObject' in document ? describeAnswers(document.openapiObject) : document.swaggerObject,
  });
  app.addSchema(ErrorBody);
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // The base layout has no top bar (a URL box and a logo whose inline style sheet the CSP refuses).
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
    theme: { title: 'GreenMiles API reference' },
  });
}
