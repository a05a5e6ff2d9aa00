/**
 * Sending the daily report once per hotel and day, whatever the number of server processes
 * (docs/behaviour.md#daily-report): the sender first claims the day by inserting the unique `daily_reports` row, sends,
 * then marks it sent; a failed send deletes the claim so a later tick (of any process) retries. A claim left by a
 * process that died while sending is taken over after REPORT_CLAIM_STALE_MINUTES.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { composeDailyReportMail } from '../mail/daily-report-mail.ts';
import type { Mailer } from '../mail/mailer.ts';
import { dailyReport, type ReportHotel } from './daily-report.ts';
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

/** Claims the hotel's report of `date`: the claim's token, or null when it is sent or being sent elsewhere. */
export async function claimReport(db: Kysely<Database>, hotelId: number, date: string, now: Date) {
  const token = randomUUID();
  const claimedAt = now.toISOString();
  const inserted = await db
    .insertInto('daily_reports')
    .values({ hotel_id: hotelId, report_date: date, claim_token: token, claimed_at: claimedAt, sent_at: null })
    .onConflict((oc) => oc.columns(['hotel_id', 'report_date']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return token;
  const staleBefore = new Date(now.getTime() - REPORT_CLAIM_STALE_MINUTES * 60_000).toISOString();
  const takenOver = await db
    .updateTable('daily_reports')
    .set({ claim_token: token, claimed_at: claimedAt })
    .where('hotel_id', '=', hotelId)
    .where('report_date', '=', date)
    .where('sent_at', 'is', null)
    .where('claimed_at', '<', staleBefore)
    .executeTakeFirst();
  return Number(takenOver.numUpdatedRows) === 1 ? token : null;
}

/** True when the hotel's report of `date` is recorded as sent. */
export async function reportSent(db: Kysely<Database>, hotelId: number, date: string): Promise<boolean> {
  const row = await db
    .selectFrom('daily_reports')
    .select('sent_at')
    .where('hotel_id', '=', hotelId)
    .where('report_date', '=', date)
    .executeTakeFirst();
  return row?.sent_at != null;
}

export type ReportOutcome = 'sent' | 'already_claimed' | 'no_report_email';

/**
 * Sends the hotel's report of `date` to its `reportEmail` unless it is sent or being sent (`already_claimed`);
 * `force` sends it again anyway, leaving the record as it is. A send failure releases the claim and throws.
 */
export async function sendDailyReport(
  db: Kysely<Database>,
  mailer: Mailer,
  request: { hotelId: number; date: string; force?: boolean },
  now: Date,
): Promise<ReportOutcome> {
  const report = await dailyReport(db, request.hotelId, request.date);
  const to = report.hotel.reportEmail;
  if (to === null) return 'no_report_email';
  const token = await claimReport(db, request.hotelId, request.date, now);
  if (token === null && !request.force) return 'already_claimed';
  const mail = composeDailyReportMail(report);
  try {
    await mailer.send({ to, subject: mail.subject, text: mail.text, html: mail.html, lang: mail.lang });
  } catch (error) {
    if (token !== null)
      await db
        .deleteFrom('daily_reports')
        .where('hotel_id', '=', request.hotelId)
        .where('report_date', '=', request.date)
        .where('claim_token', '=', token)
        .where('sent_at', 'is', null)
        .execute();
    throw error;
  }
  if (token !== null)
    await db
      .updateTable('daily_reports')
      .set({ sent_at: now.toISOString() })
      .where('hotel_id', '=', request.hotelId)
      .where('report_date', '=', request.date)
      .where('claim_token', '=', token)
      .execute();
  return 'sent';
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

/** One tick of the scheduler: every hotel's due report, each sent by the one process that claims it. */
export async function sendDueReports(
  db: Kysely<Database>,
  mailer: Mailer,
  now: Date,
  onFailure: (hotelId: number, date: string, error: unknown) => void,
): Promise<Array<{ hotelId: number; date: string; outcome: ReportOutcome }>> {
  const results: Array<{ hotelId: number; date: string; outcome: ReportOutcome }> = [];
  for (const hotel of await hotelsWithReports(db)) {
    const date = dueReportDate(now, hotel);
    if (await reportSent(db, hotel.id, date)) continue;
    try {
      results.push({
        hotelId: hotel.id,
        date,
        outcome: await sendDailyReport(db, mailer, { hotelId: hotel.id, date }, now),
      });
    } catch (error) {
      onFailure(hotel.id, date, error);
    }
  }
  return results;
}
