/**
 * Sending the daily report once per hotel and day, and the monthly summary once per hotel and month, whatever the
 * number of server processes (docs/behaviour.md#daily-report): the sender first claims the report by inserting its
 * unique row (`daily_reports`, `monthly_reports` keyed by the month's first day), sends, then marks it sent; a failed
 * send deletes the claim so a later tick (of any process) retries. A claim left by a process that died while sending
 * is taken over after REPORT_CLAIM_STALE_MINUTES.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { composeDailyReportMail, composeMonthlyReportMail } from '../mail/daily-report-mail.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { dailyReport, monthDays, monthlyReport, type ReportHotel } from './daily-report.ts';
import { addDays, hasReached, localDate } from './hotel-time.ts';

/** A claim older than this, still not sent, belongs to a process that died while sending: another may take it. */
export const REPORT_CLAIM_STALE_MINUTES = 15;

/**
 * The day whose report is due at `now`: yesterday (hotel-local) once today's report hour has passed, else the day
 * before yesterday. Only this one day is caught up: a server that was down at the report hour sends it when it
 * starts, but not the reports of earlier days (`npm run report:daily -- --send --date` sends those by hand).
 */
export function dueReportDate(now: Date, hotel: Pick<ReportHotel, 'timeZone' | 'reportHour'>): string {
  const today = localDate(now, hotel.timeZone);
  return addDays(today, hasReached(now, hotel.timeZone, today, hotel.reportHour) ? -1 : -2);
}

/** The monthly summary due with the daily report of `date`: its month (YYYY-MM) when `date` ends one, else null. */
export function dueSummaryMonth(date: string): string | null {
  return addDays(date, 1).endsWith('-01') ? date.slice(0, 7) : null;
}

/** Which claims a report is kept in: a day's report, or a month's summary (keyed by the month's first day). */
export type ReportKind = 'daily' | 'monthly';
const CLAIM_TABLES = { daily: 'daily_reports', monthly: 'monthly_reports' } as const;

/** Claims the hotel's report of `date`: the claim's token, or null when it is sent or being sent elsewhere. */
export async function claimReport(
  db: Kysely<Database>,
  hotelId: number,
  date: string,
  now: Date,
  kind: ReportKind = 'daily',
) {
  const table = CLAIM_TABLES[kind];
  const token = randomUUID();
  const claimedAt = now.toISOString();
  const inserted = await db
    .insertInto(table)
    .values({ hotel_id: hotelId, report_date: date, claim_token: token, claimed_at: claimedAt, sent_at: null })
    .onConflict((oc) => oc.columns(['hotel_id', 'report_date']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return token;
  const staleBefore = new Date(now.getTime() - REPORT_CLAIM_STALE_MINUTES * 60_000).toISOString();
  const takenOver = await db
    .updateTable(table)
    .set({ claim_token: token, claimed_at: claimedAt })
    .where('hotel_id', '=', hotelId)
    .where('report_date', '=', date)
    .where('sent_at', 'is', null)
    .where('claimed_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(takenOver.numUpdatedRows) === 1 ? token : null;
}

/** True when the hotel's report of `date` is recorded as sent. */
export async function reportSent(
  db: Kysely<Database>,
  hotelId: number,
  date: string,
  kind: ReportKind = 'daily',
): Promise<boolean> {
  const row = await db
    .selectFrom(CLAIM_TABLES[kind])
    .select('sent_at')
    .where('hotel_id', '=', hotelId)
    .where('report_date', '=', date)
    .executeTakeFirst();
  return row?.sent_at != null;
}

export type ReportOutcome = 'sent' | 'already_claimed' | 'no_report_email';

/**
 * Sends `mail` to the hotel's `to` unless the report is sent or being sent (`already_claimed`); `force` sends it
 * again anyway, leaving the record as it is. A send failure releases the claim and throws.
 */
async function sendClaimed(
  db: Kysely<Database>,
  mailer: Mailer,
  report: { kind: ReportKind; hotelId: number; date: string; force?: boolean },
  mail: MailMessage,
  now: Date,
): Promise<ReportOutcome> {
  const table = CLAIM_TABLES[report.kind];
  const token = await claimReport(db, report.hotelId, report.date, now, report.kind);
  if (token === null && !report.force) return 'already_claimed';
  try {
    await mailer.send(mail);
  } catch (error) {
    if (token !== null)
      await db
        .deleteFrom(table)
        .where('hotel_id', '=', report.hotelId)
        .where('report_date', '=', report.date)
        .where('claim_token', '=', token)
        .where('sent_at', 'is', null)
        .execute();
    throw error;
  }
  if (token !== null)
    await db
      .updateTable(table)
      .set({ sent_at: now.toISOString() })
      .where('hotel_id', '=', report.hotelId)
      .where('report_date', '=', report.date)
      .where('claim_token', '=', token)
      .execute();
  return 'sent';
}

/** Sends the hotel's report of `date` to its `reportEmail`, once (`sendClaimed`). */
export async function sendDailyReport(
  db: Kysely<Database>,
  mailer: Mailer,
  request: { hotelId: number; date: string; force?: boolean },
  now: Date,
): Promise<ReportOutcome> {
  const report = await dailyReport(db, request.hotelId, request.date);
  const to = report.hotel.reportEmail;
  if (to === null) return 'no_report_email';
  return sendClaimed(db, mailer, { kind: 'daily', ...request }, { to, ...composeDailyReportMail(report) }, now);
}

/** Sends the hotel's summary of `month` (YYYY-MM) to its `reportEmail`, once (`sendClaimed`). */
export async function sendMonthlyReport(
  db: Kysely<Database>,
  mailer: Mailer,
  request: { hotelId: number; month: string; force?: boolean },
  now: Date,
): Promise<ReportOutcome> {
  const report = await monthlyReport(db, request.hotelId, request.month);
  const to = report.hotel.reportEmail;
  if (to === null) return 'no_report_email';
  const claim = { kind: 'monthly' as const, hotelId: request.hotelId, date: monthDays(request.month).from };
  return sendClaimed(db, mailer, { ...claim, force: request.force }, { to, ...composeMonthlyReportMail(report) }, now);
}

/** The hotels with a report address, for the scheduler's tick. */
export async function hotelsWithReports(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('hotels')
    .select(['id', 'time_zone', 'report_hour'])
    .where('report_email', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, timeZone: row.time_zone, reportHour: row.report_hour }));
}

export interface ReportResult {
  hotelId: number;
  /** The day reported, or the first day of the month summed up. */
  date: string;
  kind: ReportKind;
  outcome: ReportOutcome;
}

/**
 * One tick of the scheduler: every hotel's due report, and on the first day of a month the previous month's summary
 * with it, each sent by the one process that claims it.
 */
export async function sendDueReports(
  db: Kysely<Database>,
  mailer: Mailer,
  now: Date,
  onFailure: (hotelId: number, date: string, error: unknown) => void,
): Promise<ReportResult[]> {
  const results: ReportResult[] = [];
  for (const hotel of await hotelsWithReports(db)) {
    const date = dueReportDate(now, hotel);
    const month = dueSummaryMonth(date);
    const due: Array<{ kind: ReportKind; date: string; send: () => Promise<ReportOutcome> }> = [
      { kind: 'daily', date, send: () => sendDailyReport(db, mailer, { hotelId: hotel.id, date }, now) },
    ];
    if (month !== null)
      due.push({
        kind: 'monthly',
        date: monthDays(month).from,
        send: () => sendMonthlyReport(db, mailer, { hotelId: hotel.id, month }, now),
      });
    for (const report of due) {
      if (await reportSent(db, hotel.id, report.date, report.kind)) continue;
      try {
        results.push({ hotelId: hotel.id, date: report.date, kind: report.kind, outcome: await report.send() });
      } catch (error) {
        onFailure(hotel.id, report.date, error);
      }
    }
  }
  return results;
}
