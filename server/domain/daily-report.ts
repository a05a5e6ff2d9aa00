/**
 * The hotel's daily report and monthly summary (docs/behaviour.md#daily-report): what one hotel-local day, or one
 * month, brought, for the hotel's `reportEmail`. Read only; the mails are composed in server/mail/daily-report-mail.ts
 * and each sent once by server/domain/report-sending.ts.
 */
import type { Kysely } from 'kysely';
import { pickTranslation, textLanguageOrder } from '../../contract/text-language.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from './errors.ts';
import { addDays } from './hotel-time.ts';
import { primaryLanguageOfHotel } from './hotels.ts';
import { byRoomNumber, type SkippedCleaning, skippedCleanings } from './housekeeping.ts';
import { type PeriodSections, periodSections } from './period-report.ts';
import { type StaffActionCount, staffActionCounts } from './staff-audit-trail.ts';
import { answersOfDay } from './submissions.ts';

export interface ReportHotel {
  id: number;
  name: string;
  timeZone: string;
  reportEmail: string | null;
  /** Hotel-local HH:MM. */
  reportHour: string;
  /** The hotel's primary language: the report's language. */
  language: string;
  pointsName: string;
}

export interface ReportAnswer {
  actionName: string;
  roomNumber: string | null;
  answer: 'YES' | 'NO';
  answeredAt: string;
}

export interface DailyReport {
  hotel: ReportHotel;
  /** The hotel-local day reported. */
  date: string;
  /** Participation, gestures, savings, rewards, housekeeping and attention over the day. */
  sections: PeriodSections;
  /** The YESNOMAIL answers of the day (the last answer of each stay, action and night), by room. */
  answers: ReportAnswer[];
  /** The day after `date`: the day the report is read, whose cleaning these rooms skip. */
  cleaningDate: string;
  skippedCleanings: SkippedCleaning[];
  /** The day's staff actions by kind (refused sign-ins included: an attack shows). */
  staffActions: StaffActionCount[];
}

/** The monthly summary (docs/behaviour.md#monthly-summary): the daily report's shared sections over a month. */
export interface MonthlyReport {
  hotel: ReportHotel;
  /** The month reported, YYYY-MM. */
  month: string;
  sections: PeriodSections;
}

export async function reportHotel(db: Kysely<Database>, hotelId: number): Promise<ReportHotel> {
  const row = await db
    .selectFrom('hotels')
    .select(['id', 'name', 'time_zone', 'report_email', 'report_hour', 'green_miles_name'])
    .where('id', '=', hotelId)
    .executeTakeFirst();
  if (!row) throw notFound('Hotel');
  return {
    id: row.id,
    name: row.name,
    timeZone: row.time_zone,
    reportEmail: row.report_email,
    reportHour: row.report_hour,
    language: await primaryLanguageOfHotel(db, hotelId),
    pointsName: row.green_miles_name,
  };
}

async function actionNames(db: Kysely<Database>, actionIds: number[], language: string): Promise<Map<number, string>> {
  if (actionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('action_translations')
    .select(['action_id', 'lang', 'name'])
    .where('action_id', 'in', actionIds)
    .execute();
  const order = textLanguageOrder(language, language);
  return new Map(
    actionIds.map((id) => [
      id,
      pickTranslation(
        rows.filter((row) => row.action_id === id),
        order,
      )?.name ?? '',
    ]),
  );
}

/** The report of the hotel-local `date` for the hotel. */
export async function dailyReport(db: Kysely<Database>, hotelId: number, date: string): Promise<DailyReport> {
  const hotel = await reportHotel(db, hotelId);
  const answers = await answersOfDay(db, hotel.id, date, 'YESNOMAIL');
  const names = await actionNames(db, [...new Set(answers.map((a) => a.actionId))], hotel.language);
  const cleaningDate = addDays(date, 1);
  return {
    hotel,
    date,
    sections: await periodSections(db, hotel, date, date),
    answers: answers
      .map((a) => ({
        actionName: names.get(a.actionId) ?? '',
        roomNumber: a.roomNumber,
        answer: a.response === 'YES' ? ('YES' as const) : ('NO' as const),
        answeredAt: a.answeredAt,
      }))
      .sort((a, b) => byRoomNumber(a.roomNumber ?? '', b.roomNumber ?? '') || a.answeredAt.localeCompare(b.answeredAt)),
    cleaningDate,
    skippedCleanings: await skippedCleanings(db, hotel, cleaningDate),
    staffActions: await staffActionCounts(db, hotel.id, hotel.timeZone, date),
  };
}

/** The first and last days of `month` (YYYY-MM). */
export function monthDays(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(nextMonthStart(month), -1) };
}

/** The first day of the month after `month` (YYYY-MM). */
function nextMonthStart(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01-01` : `${year}-${String(number + 1).padStart(2, '0')}-01`;
}

/** The hotel's summary of `month` (YYYY-MM). */
export async function monthlyReport(db: Kysely<Database>, hotelId: number, month: string): Promise<MonthlyReport> {
  const hotel = await reportHotel(db, hotelId);
  const { from, to } = monthDays(month);
  return { hotel, month, sections: await periodSections(db, hotel, from, to) };
}
