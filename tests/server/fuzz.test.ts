/**
 * Contract fuzzing (docs/reliability.md#fuzzing): for every /api route, requests generated from its schemas
 * (tests/support/schema-arbitrary.ts) — valid, boundary and malformed values, the ids of records that exist and of
 * records that do not, right, wrong and missing tokens — sent to the real app on a real database. Each answer must be
 * below 500 and match the route's declared schema for its status, and a refused request (4xx) must leave the database
 * as it found it. FUZZ_RUNS requests per route on SQLite (1,000 in the test command; `npm run fuzz` sends 10,000), a
 * quarter as many on PostgreSQL.
 */
import { createHash } from 'node:crypto';
import Ajv from 'ajv';
import ajvFormats from 'ajv-formats';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_PATHS, type SubmissionPath } from '../../contract/action-types.ts';
import { buildApp } from '../../server/app.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { type ApiRoute, listApiRoutes } from '../support/api-routes.ts';
import { type JsonSchema, type KnownValues, malformed, objectOf, validOf } from '../support/schema-arbitrary.ts';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox.ts';
import {
  createTestDatabase,
  credit,
  DIALECTS,
  type DialectName,
  type Harness,
  newHotelStay,
  SAMPLE_STAFF_PINS,
  TEST_FRONT_TOKEN,
  type TestDatabase,
} from './harness.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/**
 * The calls whose every success costs real CPU, run a tenth as often. Those that make a staff PIN check the new PIN
 * against every account that may reset a stay (one Argon2id hash each, docs/behaviour.md#staff-accounts), and every
 * success adds such an account, so a run's cost grows with its square (a hotel has tens of accounts, not the hundreds
 * a full run would add). The receipt PDF draws a page, Arabic shaping included, for each stay under its hourly cap.
 */
const COSTLY_RUNS = Math.ceil(RUNS / 10);
const COSTLY_ROUTES = new Set([
  'POST /api/staff/hotels/:hId/accounts',
  'POST /api/staff/hotels/:hId/accounts/:accountId/pin-reset',
  'GET /api/stays/:sUUID/receipt.pdf',
]);
/**
 * PostgreSQL gets a quarter of the requests: its own refusals (a number past its integer columns, a NUL character in
 * a text) are what it adds, and each fingerprint costs a round trip per table.
 */
const runsOf = (route: { method: string; url: string }, dialect: DialectName) =>
  Math.ceil(
    (COSTLY_ROUTES.has(`${route.method} ${route.url}`) ? COSTLY_RUNS : RUNS) / (dialect === 'postgres' ? 4 : 1),
  );
/**
 * What a refused request may write on purpose: the staff PIN attempts it spent (`cap_counters` rows of the
 * `staff-pin…` caps, docs/server.md#staff-sessions) and the audit row of a refused sign-in (`signInFailed`).
 */
const isAttemptCount = (table: string, row: Record<string, unknown>) =>
  (table === 'cap_counters' && String(row.cap).startsWith('staff-pin')) ||
  (table === 'staff_audit' && row.kind === 'signInFailed');

const routes = await listApiRoutes();

let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(() => smtp.close());

const ajv = new Ajv({ strict: false, allErrors: false });
ajvFormats.default(ajv);

/** The answer's schema for a status, by exact code or by class (`4xx`). */
function responseSchema(route: ApiRoute, status: number): JsonSchema | undefined {
  return (route.response[String(status)] ?? route.response[`${String(status)[0]}xx`]) as JsonSchema | undefined;
}

/** Every row of every table a client can change, hashed: equal before and after means nothing was written. */
async function fingerprint(database: TestDatabase): Promise<string> {
  const { db } = database.handle;
  // Kysely's own migration tables aside, on either dialect.
  const tables = (await db.introspection.getTables())
    .filter((table) => !table.isView)
    .map((table) => table.name)
    .sort();
  const hash = createHash('sha1');
  for (const name of tables) {
    // In an order of their own: a WITHOUT ROWID table (cap_counters) has no rowid to sort by.
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const kept = rows.rows.filter((row) => !isAttemptCount(name, row));
    hash.update(name).update(JSON.stringify(kept.map((row) => JSON.stringify(row)).sort()));
  }
  return hash.digest('hex');
}

interface World {
  app: FastifyInstance;
  stays: Array<{ sUUID: string; profileUUID: string }>;
  actions: Array<{ id: number; type: string }>;
  database: TestDatabase;
  known: KnownValues;
  staffToken: string;
  otherHotelToken: string;
}

async function openStaffSession(app: FastifyInstance, hotelId: number): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/sessions',
    payload: { hId: hotelId, pin: SAMPLE_STAFF_PINS[hotelId] },
  });
  return (response.json() as { token: string }).token;
}

/** A fresh seeded database and app, with stays, points, a claimed code and staff sessions to aim at. */
async function createWorld(dialect: DialectName): Promise<World> {
  const database = await createTestDatabase(dialect);
  await seedSampleHotels(database.handle.db);
  const app = await buildApp({
    db: database.handle.db,
    kind: database.handle.kind,
    frontToken: TEST_FRONT_TOKEN,
    smtpUrl: smtp.url,
    // Every generated request reaches its handler; the rate limits are tests/server/rate-limits.test.ts's.
    rateLimits: { stayCreationsPerAddress: null, submissionsPerStay: null },
  });
  const harness: Harness = { dialect, app, handle: database.handle, clock: { current: null } };
  const stays = [await newHotelStay(app, 1), await newHotelStay(app, 1), await newHotelStay(app, 2)];
  for (const stay of stays) await credit(harness, stay.sUUID, 500);
  const { db } = database.handle;
  const actions = await db.selectFrom('actions').select(['id', 'type']).execute();
  const rewards = await db.selectFrom('rewards').select('id').execute();
  const rooms = await db.selectFrom('rooms').select(['id', 'qr_id', 'number']).execute();
  const proofCodes = await db.selectFrom('proof_codes').select('qr_id').execute();
  const dishes = await db.selectFrom('meal_dishes').select('key').execute();
  const ids = <T>(values: T[]) => fc.constantFrom(...values);
  const profiles = ids(stays.map((stay) => stay.profileUUID));
  const stayIds = ids(stays.map((stay) => stay.sUUID));
  const actionIds = ids([...actions.map((row) => row.id), 999_999]);
  const known: KnownValues = {
    uuid: profiles,
    profileUUID: profiles,
    sUUID: stayIds,
    hId: ids([1, 2, 999]),
    rId: ids([...rooms.map((row) => row.id), 999_999]),
    actId: actionIds,
    actionId: actionIds,
    rwId: ids([...rewards.map((row) => row.id), 999_999]),
    qrId: ids([...rooms.map((row) => row.qr_id), ...proofCodes.map((row) => row.qr_id), 'no-such-code']),
    roomNumber: ids(rooms.map((row) => row.number ?? '101')),
    dish: ids([...dishes.map((row) => row.key), 'no-such-dish']),
    lang: ids(['fr', 'en', 'ar', 'de', 'zz']),
    pin: ids([SAMPLE_STAFF_PINS[1], SAMPLE_STAFF_PINS[2], '0000']),
    email: fc.emailAddress(),
  };
  return {
    app,
    stays,
    actions,
    database,
    known,
    staffToken: await openStaffSession(app, 1),
    otherHotelToken: await openStaffSession(app, 2),
  };
}

/** A path segment: a record that exists, one the schema allows, or anything at all. */
function segmentOf(name: string, route: ApiRoute, known: KnownValues): fc.Arbitrary<string> {
  const schema = (route.params as JsonSchema | undefined)?.properties?.[name] ?? { type: 'string' };
  const choices = [
    { weight: 4, arbitrary: validOf(schema) },
    { weight: 2, arbitrary: malformed },
  ];
  const knownValue = known[name];
  if (knownValue) choices.push({ weight: 8, arbitrary: knownValue });
  return fc.oneof(...choices).map((value) => encodeURIComponent(textOf(value)));
}

/** A value as a client would put it in a path or a query string. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** The known values of a route: a submission path aims mostly at the actions of its own type. */
function knownFor(route: ApiRoute, world: World): KnownValues {
  const path = /^\/api\/actions\/:actId\/(\w+)$/.exec(route.url)?.[1];
  const type = path && path in SUBMISSION_PATHS ? SUBMISSION_PATHS[path as SubmissionPath] : undefined;
  const ofType = world.actions.filter((action) => action.type === type).map((action) => action.id);
  if (ofType.length === 0) return world.known;
  const anyAction = world.known.actId ?? fc.constant(1);
  return {
    ...world.known,
    actId: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ofType) }, { weight: 1, arbitrary: anyAction }),
  };
}

function requestOf(route: ApiRoute, world: World) {
  const known = knownFor(route, world);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const segments = fc.tuple(...names.map((name) => segmentOf(name, route, known)));
  const query = route.querystring
    ? objectOf(route.querystring as JsonSchema, known).map((values) =>
        typeof values === 'object' && values !== null
          ? Object.fromEntries(Object.entries(values).map(([key, value]) => [key, textOf(value)]))
          : {},
      )
    : fc.constant(undefined);
  const body = route.body
    ? fc.oneof({ weight: 9, arbitrary: objectOf(route.body as JsonSchema, known) }, { weight: 1, arbitrary: malformed })
    : fc.constant(undefined);
  const frontToken = fc.oneof(
    { weight: 8, arbitrary: fc.constant(TEST_FRONT_TOKEN) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant('wrong-token') },
  );
  const authorization = fc.oneof(
    { weight: 8, arbitrary: fc.constant(`Bearer ${world.staffToken}`) },
    { weight: 1, arbitrary: fc.constant(`Bearer ${world.otherHotelToken}`) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, 'Bearer not-a-token', 'Basic abc') },
  );
  // Most requests name one stay everywhere (its sUUID with its own profile), as a real client does.
  const coherentStay = fc.option(fc.constantFrom(...world.stays), { freq: 4 });
  return fc
    .record({ segments, query, body, frontToken, authorization, coherentStay })
    .map(({ segments: values, coherentStay: stay, ...request }) => {
      const identity: Record<string, string> = stay
        ? { sUUID: stay.sUUID, uuid: stay.profileUUID, profileUUID: stay.profileUUID }
        : {};
      const path = names.reduce(
        (url, name, index) =>
          url.replace(`:${name}`, name in identity ? (identity[name] ?? '') : (values[index] ?? '')),
        route.url,
      );
      return {
        ...request,
        path,
        query: withIdentity(request.query, identity),
        body: withIdentity(request.body, identity),
      };
    });
}

/** The identity fields a generated object has, set to one stay's. */
function withIdentity<Value>(value: Value, identity: Record<string, string>): Value {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const fields = Object.fromEntries(
    Object.keys(identity)
      .filter((key) => key in value)
      .map((key) => [key, identity[key]]),
  );
  return { ...value, ...fields };
}

const cases = DIALECTS.flatMap((dialect) =>
  routes.map((route) => [`${route.method} ${route.url} [${dialect}]`, route, dialect] as const),
);

describe.each(cases)('fuzzing %s', (_, route, dialect) => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld(dialect);
  });
  afterAll(async () => {
    await world.app.close();
    await world.database.drop();
  });

  it(`${runsOf(route, dialect)} generated requests: no 5xx, answers of the declared shape, a refusal changes nothing`, async () => {
    let before = await fingerprint(world.database);
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestOf(route, world), async (request) => {
        const headers: Record<string, string> = {};
        if (request.frontToken) headers['x-front-token'] = request.frontToken;
        if (request.authorization) headers.authorization = request.authorization;
        const response = await world.app.inject({
          method: route.method as 'GET',
          url: request.path,
          ...(request.query ? { query: request.query } : {}),
          ...(request.body !== undefined ? { payload: request.body as object } : {}),
          headers,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode, response.body).toBeLessThan(500);
        const schema = responseSchema(route, response.statusCode);
        if (schema && String(response.headers['content-type']).startsWith('application/json')) {
          const validate = ajv.compile(schema);
          expect(validate(response.json()), `${response.statusCode} ${response.body}`).toBe(true);
        }
        const after = await fingerprint(world.database);
        if (response.statusCode >= 400) expect(after, `${response.statusCode} ${response.body}`).toBe(before);
        before = after;
      }),
      { numRuns: runsOf(route, dialect) },
    );
    // Printed for docs/reliability.md: how the requests were answered.
    console.info(
      `${route.method} ${route.url} [${dialect}]: ${runsOf(route, dialect)} requests`,
      Object.fromEntries([...statuses].sort()),
    );
    expect(statuses.size).toBeGreaterThan(0);
  }, 120_000);
});
