/**
 * `npm run report:daily -- --hotel ID [--date YYYY-MM-DD | --month YYYY-MM] [--send] [--force]`
 * (docs/server.md#daily-report): prints the hotel's daily report of `date` (yesterday, hotel-local, by default), or
 * its summary of `month`, as plain text; `--send` mails it to the hotel's `reportEmail` over SMTP_URL, refused when
 * that report is already sent (or being sent) unless `--force`. Exit codes: 0 done, 1 refused or failed, 2 bad
 * arguments.
 */
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE } from '../contract/calendar-days.ts';
import type { Database } from './db/schema.ts';
import { dailyReport, monthlyReport } from './domain/daily-report.ts';
import { addDays, isCalendarDate, localDate } from './domain/hotel-time.ts';
import { sendDailyReport, sendMonthlyReport } from './domain/report-sending.ts';
import { composeDailyReportMail, composeMonthlyReportMail } from './mail/daily-report-mail.ts';
import type { Mailer } from './mail/mailer.ts';

export const REPORT_USAGE =
  'usage: npm run report:daily -- --hotel ID [--date YYYY-MM-DD | --month YYYY-MM] [--send] [--force]';

export interface ReportCommandDeps {
  db: Kysely<Database>;
  /** Null without SMTP_URL: `--send` is refused. */
  mailer: Mailer | null;
  now: Date;
  out: (text: string) => void;
  err: (text: string) => void;
}

export async function runReportCommand(args: string[], deps: ReportCommandDeps): Promise<number> {
  let values: { hotel?: string; date?: string; month?: string; send?: boolean; force?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        hotel: { type: 'string' },
        date: { type: 'string' },
        month: { type: 'string' },
        send: { type: 'boolean' },
        force: { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    deps.err(`${(error as Error).message}\n${REPORT_USAGE}`);
    return 2;
  }
  const hotelId = Number(values.hotel);
  if (!Number.isInteger(hotelId) || hotelId < 1) {
    deps.err(`--hotel must be a hotel id\n${REPORT_USAGE}`);
    return 2;
  }
  if (values.date !== undefined && !isCalendarDate(values.date)) {
    deps.err(
      `--date must be a calendar date YYYY-MM-DD from ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE} (got ${values.date})\n${REPORT_USAGE}`,
    );
    return 2;
  }
  if (values.month !== undefined && (values.date !== undefined || !isCalendarDate(`${values.month}-01`))) {
    deps.err(`--month must be a month YYYY-MM, without --date (got ${values.month})\n${REPORT_USAGE}`);
    return 2;
  }
  const hotel = await deps.db.selectFrom('hotels').select('time_zone').where('id', '=', hotelId).executeTakeFirst();
  if (!hotel) {
    deps.err(`No hotel ${hotelId} in the database`);
    return 1;
  }
  const date = values.date ?? addDays(localDate(deps.now, hotel.time_zone), -1);
  const { month } = values;
  const report =
    month === undefined ? await dailyReport(deps.db, hotelId, date) : await monthlyReport(deps.db, hotelId, month);
  const mail = 'date' in report ? composeDailyReportMail(report) : composeMonthlyReportMail(report);
  deps.out(`${mail.subject}\n\n${mail.text}`);
  if (!values.send) return 0;

  if (report.hotel.reportEmail === null) {
    deps.err(`Hotel ${hotelId} has no reportEmail in its content file: nothing sent`);
    return 1;
  }
  if (!deps.mailer) {
    deps.err('SMTP_URL is not set: the report cannot be sent');
    return 1;
  }
  const force = values.force === true;
  const outcome =
    month === undefined
      ? await sendDailyReport(deps.db, deps.mailer, { hotelId, date, force }, deps.now)
      : await sendMonthlyReport(deps.db, deps.mailer, { hotelId, month, force }, deps.now);
  if (outcome === 'already_claimed') {
    deps.err(
      `The report of ${month ?? date} for hotel ${hotelId} is already sent (or being sent): add --force to send it again`,
    );
    return 1;
  }
  deps.out(`Sent to ${report.hotel.reportEmail}`);
  return 0;
}
