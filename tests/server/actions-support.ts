/** Helpers of the action submission suites: typed calls, the seeded actions by type, ledger invariants. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Action } from '../../contract/schemas.ts';
import type { DatabaseHandle } from '../../server/db/connection.ts';
import { type Harness, newHotelStay, stayIdOf } from './harness.ts';

export interface TestStay {
  sUUID: string;
  profileUUID: string;
  id: number;
}

export async function newStay(app: FastifyInstance, handle: DatabaseHandle, hotelId = 1): Promise<TestStay> {
  const { sUUID, profileUUID } = await newHotelStay(app, hotelId);
  return { sUUID, profileUUID, id: await stayIdOf(handle, sUUID) };
}

export async function actionsOf(app: FastifyInstance, stay: TestStay, lang = 'fr'): Promise<Action[]> {
  const response = await app.inject({ url: `/api/stays/${stay.sUUID}/actions?lang=${lang}&uuid=${stay.profileUUID}` });
  expect(response.statusCode).toBe(200);
  return response.json() as Action[];
}

export async function actionOfType(app: FastifyInstance, stay: TestStay, type: string): Promise<Action> {
  const action = (await actionsOf(app, stay)).find((a) => a.actType === type);
  if (!action) throw new Error(`no ${type} action in the seed`);
  return action;
}

export function submit(
  app: FastifyInstance,
  stay: TestStay,
  actId: number,
  kind: string,
  body: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/actions/${actId}/${kind}`,
    payload: { uuid: stay.profileUUID, sUUID: stay.sUUID, ...body },
  });
}

/** Submits each body of `bodies` and expects it refused with 400 (and `error` when given), with nothing written. */
export async function expectRefusedWithoutWrites(
  app: FastifyInstance,
  handle: DatabaseHandle,
  stay: TestStay,
  actId: number,
  kind: string,
  bodies: Record<string, unknown>[],
  error?: string,
) {
  const before = await submissionCounts(handle);
  for (const body of bodies) {
    const refused = await submit(app, stay, actId, kind, body);
    expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    if (error !== undefined) expect(refused.json().error).toBe(error);
  }
  expect(await submissionCounts(handle)).toEqual(before);
}

/** The raw SUM of the stay's ledger rows (not clamped). */
export async function ledgerSum(handle: DatabaseHandle, stayId: number): Promise<number> {
  const row = await handle.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('stay_id', '=', stayId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The stay's balance as the API shows it equals the sum of its ledger rows and is not negative. */
export async function expectConsistentBalance(
  app: FastifyInstance,
  handle: DatabaseHandle,
  stay: TestStay,
): Promise<number> {
  const sum = await ledgerSum(handle, stay.id);
  const shown = (await app.inject({ url: `/api/stays/${stay.sUUID}?uuid=${stay.profileUUID}` })).json().stay
    .greenMiles as number;
  expect(sum).toBeGreaterThanOrEqual(0);
  expect(shown).toBe(sum);
  return sum;
}

export async function ledgerRows(handle: DatabaseHandle, stayId: number) {
  return handle.db
    .selectFrom('ledger_entries')
    .select(['amount', 'reason', 'action_id', 'night_id', 'idempotency_key'])
    .where('stay_id', '=', stayId)
    .orderBy('id')
    .execute();
}

/** Row counts of every table a submission writes to. */
export async function submissionCounts(handle: DatabaseHandle): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['stays', 'ledger_entries', 'action_completions', 'action_answers'] as const) {
    const row = await handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const ends = await handle.db.selectFrom('stays').select('end_date').where('end_date', 'is not', null).execute();
  counts.endDates = ends.length;
  return counts;
}

/** Answers the skip-cleaning action of the stay at `at` (UTC), from room `roomNumber`. */
export async function answerCleaning(
  h: Harness,
  stay: TestStay,
  at: string,
  skipCleaning: boolean,
  roomNumber: string,
) {
  h.clock.current = new Date(at);
  const action = await actionOfType(h.app, stay, 'LUNICLEAN');
  const response = await submit(h.app, stay, action.actId, 'luniclean', { skipCleaning, roomNumber });
  expect(response.statusCode, response.body).toBe(200);
}
