/**
 * The audit trail as a hotel's managers read it (docs/behaviour.md#audit-trail): a page of it, the latest first
 * (GET /api/staff/hotels/{hId}/audit), or the trail of a period as a CSV file (/audit.csv), filtered by hotel-local
 * days, person and kind. The rows are written by `recordStaffAction` (staff-audit.ts).
 */
import type { Kysely, Selectable } from 'kysely';
import {
  STAFF_AUDIT_KINDS,
  type StaffAuditCsvQuery,
  type StaffAuditEntry,
  type StaffAuditKind,
  type StaffAuditQuery,
  type StaffAuditReply,
} from '../../contract/schemas.ts';
import { isStaffRole } from '../../contract/staff-roles.ts';
import { type CsvCell, csvText } from '../csv.ts';
import type { Database, StaffAuditTable } from '../db/schema.ts';
import { DomainError, notFound } from './errors.ts';
import { addDays, isCalendarDate, localDate, localDayStart } from './hotel-time.ts';
import { checkPeriod, MAX_PERIOD_DAYS } from './impact.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/** Entries in a page when the call does not say. */
export const AUDIT_PAGE_SIZE = 100;

interface TrailInput<Query> {
  session: StaffSession;
  hotelId: number;
  query: Query;
}

type TrailFilter = StaffAuditCsvQuery;

async function hotelTimeZone(db: Kysely<Database>, hotelId: number): Promise<string> {
  const hotel = await db.selectFrom('hotels').select('time_zone').where('id', '=', hotelId).executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  return hotel.time_zone;
}

/** 400 invalid_period for a day that does not exist, or `from` after `to`. */
function checkDays({ from, to }: TrailFilter): void {
  for (const date of [from, to])
    if (date !== undefined && !isCalendarDate(date))
      throw new DomainError('bad_request', 'invalid_period', `${date} is not a calendar date`);
  if (from !== undefined && to !== undefined && from > to)
    throw new DomainError('bad_request', 'invalid_period', 'from must not be after to');
}

/** Where the hotel-local day `date` begins, and where the day after `date` begins, as the trail's `at` reads them. */
const startOf = (date: string, timeZone: string) => localDayStart(date, timeZone).toISOString();
const endOf = (date: string, timeZone: string) => localDayStart(addDays(date, 1), timeZone).toISOString();

/** The hotel's rows the filter keeps, the latest first; days are the hotel's, from the start of `from` to the end of `to`. */
function trailRows(db: Kysely<Database>, hotelId: number, timeZone: string, filter: TrailFilter) {
  let rows = db.selectFrom('staff_audit').selectAll().where('hotel_id', '=', hotelId);
  if (filter.from !== undefined) rows = rows.where('at', '>=', startOf(filter.from, timeZone));
  if (filter.to !== undefined) rows = rows.where('at', '<', endOf(filter.to, timeZone));
  if (filter.accountId !== undefined) rows = rows.where('account_id', '=', filter.accountId);
  if (filter.kind !== undefined) rows = rows.where('kind', '=', filter.kind);
  return rows.orderBy('id', 'desc');
}

function kindOf(stored: string): StaffAuditKind {
  const kind = STAFF_AUDIT_KINDS.find((known) => known === stored);
  if (kind === undefined) throw new Error(`Unknown audit kind in the database: ${stored}`);
  return kind;
}

function entryOf(row: Selectable<StaffAuditTable>): StaffAuditEntry {
  return {
    id: row.id,
    at: row.at,
    kind: kindOf(row.kind),
    accountId: row.account_id,
    actorName: row.actor_name,
    role: row.role !== null && isStaffRole(row.role) ? row.role : null,
    roomNumber: row.room_number,
    sUUID: row.stay_uuid,
    rwId: row.reward_id,
    code: row.code,
    targetAccountId: row.target_account_id,
    detail: row.detail,
  };
}

/**
 * GET /api/staff/hotels/{hId}/audit: a page of the trail, the latest first; `nextBefore` pages on. 403
 * staff_session_wrong_hotel for another hotel's session, 400 invalid_period for days that do not exist or run
 * backwards.
 */
export async function staffAuditPage(
  db: Kysely<Database>,
  { session, hotelId, query }: TrailInput<StaffAuditQuery>,
): Promise<StaffAuditReply> {
  requireStaffOf(session, hotelId);
  const timeZone = await hotelTimeZone(db, hotelId);
  checkDays(query);
  const limit = query.limit ?? AUDIT_PAGE_SIZE;
  let rows = trailRows(db, hotelId, timeZone, query);
  if (query.before !== undefined) rows = rows.where('id', '<', query.before);
  // One row more than the page tells whether another page follows.
  const found = await rows.limit(limit + 1).execute();
  const page = found.slice(0, limit);
  const last = page.at(-1);
  return { entries: page.map(entryOf), nextBefore: found.length > limit && last ? last.id : null };
}

export interface AuditCsvFile {
  fileName: string;
  text: string;
}

/** `YYYY-MM-DD HH:MM:SS` on the hotel's clock: a date and time a spreadsheet reads. */
function localDateTimeFormat(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return (iso) => {
    const part = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
  };
}

/**
 * GET /api/staff/hotels/{hId}/audit.csv: the trail of the hotel-local days `from`..`to` (`to` today by default, `from`
 * the start of the longest period), the latest first, one row per entry after a header row. 400 invalid_period
 * beyond MAX_PERIOD_DAYS.
 */
export async function staffAuditCsv(
  db: Kysely<Database>,
  { session, hotelId, query }: TrailInput<StaffAuditCsvQuery>,
  now: Date,
): Promise<AuditCsvFile> {
  requireStaffOf(session, hotelId);
  const timeZone = await hotelTimeZone(db, hotelId);
  const to = query.to ?? localDate(now, timeZone);
  const from = query.from ?? addDays(to, 1 - MAX_PERIOD_DAYS);
  checkPeriod(from, to);
  const rows = await trailRows(db, hotelId, timeZone, { ...query, from, to }).execute();
  const localTime = localDateTimeFormat(timeZone);
  const header = [
    'id',
    `time (${timeZone})`,
    'at (UTC)',
    'kind',
    'accountId',
    'actorName',
    'role',
    'roomNumber',
    'sUUID',
    'rwId',
    'code',
    'targetAccountId',
    'detail',
  ];
  const lines = rows
    .map(entryOf)
    .map((entry): CsvCell[] => [
      entry.id,
      localTime(entry.at),
      entry.at,
      entry.kind,
      entry.accountId,
      entry.actorName,
      entry.role,
      entry.roomNumber,
      entry.sUUID,
      entry.rwId,
      entry.code,
      entry.targetAccountId,
      entry.detail,
    ]);
  return { fileName: `greenmiles-audit-${hotelId}-${from}-${to}.csv`, text: csvText([header, ...lines]) };
}

export interface StaffActionCount {
  kind: StaffAuditKind;
  count: number;
}

/** How many actions of each kind the hotel's trail holds on its hotel-local `date`, in the kinds' order (the daily report). */
export async function staffActionCounts(
  db: Kysely<Database>,
  hotelId: number,
  timeZone: string,
  date: string,
): Promise<StaffActionCount[]> {
  const rows = await db
    .selectFrom('staff_audit')
    .select((eb) => ['kind', eb.fn.countAll<number | string>().as('n')])
    .where('hotel_id', '=', hotelId)
    .where('at', '>=', startOf(date, timeZone))
    .where('at', '<', endOf(date, timeZone))
    .groupBy('kind')
    .execute();
  const counts = new Map(rows.map((row) => [row.kind, Number(row.n)]));
  return STAFF_AUDIT_KINDS.flatMap((kind) => {
    const count = counts.get(kind);
    return count === undefined ? [] : [{ kind, count }];
  });
}
