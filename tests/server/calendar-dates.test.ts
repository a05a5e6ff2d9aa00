/**
 * Calendar dates (docs/behaviour.md#dates): the helpers every date goes through are total — whatever date and
 * number of days they get, they write YYYY-MM-DD — every date a call takes is refused outside 2000-01-01 …
 * 2100-12-31, and the request that once hung a server process (a staff summary of 9999-12-31, whose day loop never
 * ended) answers 400 while the process keeps serving.
 */
import Ajv from 'ajv';
import ajvFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  CALENDAR_DATE_PATTERN,
  calendarDateIn,
  daysBetween,
  FIRST_CALENDAR_DATE,
  isCalendarDate,
  LAST_CALENDAR_DATE,
} from '../../contract/calendar-days.ts';
import { seedSampleHotels } from '../../server/content/seed.ts';
import { currentNightId, localDate } from '../../server/domain/hotel-time.ts';
import { listApiRoutes } from '../support/api-routes.ts';
import type { JsonSchema } from '../support/schema-arbitrary.ts';
import { type ServerProcess, startServer } from '../support/server-process.ts';
import { createTestDatabase, SAMPLE_STAFF_PINS, type TestDatabase } from './harness.ts';

const YYYY_MM_DD = /^\d{4}-\d{2}-\d{2}$/;
const ZONES = ['Europe/Paris', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/St_Johns', 'Asia/Kathmandu', 'UTC'];

const pad = (value: number, width: number) => String(value).padStart(width, '0');
/** Any string of the YYYY-MM-DD shape, days that do not exist (2026-02-30, 2026-13-45) included. */
const anyDateShape = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
  .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
/** Real days from 0000-01-01 to 9999-12-31. */
const anyRealDate = fc
  .integer({ min: 0, max: daysBetween('0000-01-01', '9999-12-31') })
  .map((offset) => addDays('0000-01-01', offset));
/** Any number of days: small, huge, fractional, infinite. */
const anyDays = fc.oneof(
  fc.integer({ min: -400, max: 400 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
);

describe('calendar helpers are total', () => {
  it('addDays writes a real YYYY-MM-DD date for every date-shaped string and every number of days', () => {
    fc.assert(
      fc.property(anyDateShape, anyDays, (date, days) => {
        const moved = addDays(date, days);
        expect(moved).toMatch(YYYY_MM_DD);
        expect(addDays(moved, 0)).toBe(moved);
      }),
      { numRuns: 5000 },
    );
    // The day that once hung the summary: the edge holds instead of writing +010000-01.
    expect(addDays('9999-12-31', 1)).toBe('9999-12-31');
    expect(addDays('0000-01-01', -1)).toBe('0000-01-01');
  });

  it('daysBetween and addDays agree, and string order is day order, over every real date', () => {
    fc.assert(
      fc.property(anyRealDate, anyRealDate, (from, to) => {
        const days = daysBetween(from, to);
        expect(Number.isInteger(days)).toBe(true);
        expect(addDays(from, days)).toBe(to);
        expect(Math.sign(days)).toBe(from < to ? 1 : from > to ? -1 : 0);
      }),
      { numRuns: 5000 },
    );
  });

  it('isCalendarDate answers for any string, true exactly for the real days of the window', () => {
    fc.assert(
      fc.property(fc.oneof(anyDateShape, fc.string(), fc.stringMatching(new RegExp(CALENDAR_DATE_PATTERN))), (text) => {
        const accepted = isCalendarDate(text);
        const expected =
          YYYY_MM_DD.test(text) &&
          addDays(text, 0) === text &&
          text >= FIRST_CALENDAR_DATE &&
          text <= LAST_CALENDAR_DATE;
        expect(accepted).toBe(expected);
      }),
      { numRuns: 5000 },
    );
    expect([FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE, '2028-02-29'].every(isCalendarDate)).toBe(true);
    expect(['1999-12-31', '2101-01-01', '9999-12-31', '2026-02-29', '+10000-01-01'].some(isCalendarDate)).toBe(false);
  });

  it('hotel-local dates and nights are YYYY-MM-DD for any instant of the window, in any zone', () => {
    const first = Date.parse(`${FIRST_CALENDAR_DATE}T00:00:00Z`);
    const last = Date.parse(`${LAST_CALENDAR_DATE}T23:59:59Z`);
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), fc.constantFrom(...ZONES), (ms, zone) => {
        const now = new Date(ms);
        const date = localDate(now, zone);
        expect(date).toMatch(YYYY_MM_DD);
        expect(calendarDateIn(zone, now)).toBe(date);
        const night = currentNightId(now, zone);
        expect([date, addDays(date, -1)]).toContain(night);
      }),
      { numRuns: 2000 },
    );
  });
});

/** Every string field of a schema (nested objects and unions included), by name. */
function stringFields(schema: JsonSchema | undefined, name = ''): Array<[string, JsonSchema]> {
  if (!schema) return [];
  const nested = [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, field]) => stringFields(field, key)),
    ...(schema.anyOf ?? []).flatMap((option) => stringFields(option, name)),
  ];
  return schema.type === 'string' ? [[name, schema], ...nested] : nested;
}

describe('every date a call takes', () => {
  it('is refused outside 2000-01-01 … 2100-12-31 and when the day does not exist, by the schema of every route', async () => {
    const ajv = new Ajv({ strict: false });
    ajvFormats.default(ajv);
    const dateFields = (await listApiRoutes()).flatMap((route) =>
      [route.body, route.querystring, route.params].flatMap((part) =>
        stringFields(part as JsonSchema | undefined)
          .filter(([name, field]) => /date|^from$|^to$/i.test(name) || field.format === 'date')
          .map(([name, field]) => ({ where: `${route.method} ${route.url} ${name}`, field })),
      ),
    );
    // endDate (PUT endDate and the submissions), the staff lists' date and the summary's from and to at least.
    expect(dateFields.length).toBeGreaterThanOrEqual(8);
    for (const { where, field } of dateFields) {
      const valid = ajv.compile(field);
      for (const day of [FIRST_CALENDAR_DATE, '2026-06-01', '2028-02-29', LAST_CALENDAR_DATE])
        expect(valid(day), `${where} ${day}`).toBe(true);
      for (const day of ['1999-12-31', '2101-01-01', '9999-12-31', '+10000-01-01', '2026-02-29', '2026-13-01'])
        expect(valid(day), `${where} ${day}`).toBe(false);
    }
  });
});

describe('the staff summary of 9999-12-31 on a real server process', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedSampleHotels(database.handle.db);
    server = await startServer(database.url);
  }, 60_000);
  afterAll(async () => {
    // SIGKILL: a process stuck in a loop would never act on SIGTERM.
    server?.child.kill('SIGKILL');
    await database?.drop();
  });

  it('answers 400, and the process keeps answering other requests', { timeout: 60_000 }, async () => {
    // A bounded wait for an answer (not a speed limit): a hung process never answers at all.
    const signal = () => AbortSignal.timeout(20_000);
    const session = await fetch(`${server.base}/api/staff/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hId: 2, pin: SAMPLE_STAFF_PINS[2] }),
      signal: signal(),
    });
    const { token } = (await session.json()) as { token: string };
    const summary = await fetch(`${server.base}/api/staff/hotels/2/summary?from=9999-12-31&to=9999-12-31`, {
      headers: { authorization: `Bearer ${token}` },
      signal: signal(),
    });
    expect(summary.status).toBe(400);
    expect(((await summary.json()) as { error: string }).error).toBe('bad_request');
    const health = await fetch(`${server.base}/healthz`, { signal: signal() });
    expect(health.ok).toBe(true);
  });
});
