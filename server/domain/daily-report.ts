/**
 * The hotel's daily report (docs/behaviour.md#daily-report): what one hotel-local day brought, for the hotel's
 * `reportEmail`. Read only; the mail is composed in server/mail/daily-report-mail.ts and sent once per hotel and
 * day by server/domain/report-sending.ts.
 */
import type { Kysely } from 'kysely';
import type { Redemption } from '../../contract/schemas.ts';
import { pickTranslation, textLanguageOrder } from '../../contract/text-language.ts';
import type { Database } from '../db/schema.ts';
import { waterVolume } from '../mail/reward-mail.ts';
import { hotelUsesOfDay } from './code-check.ts';
import { notFound } from './errors.ts';
import { addDays, localDate } from './hotel-time.ts';
import { primaryLanguageOfHotel } from './hotels.ts';
import { byRoomNumber, type SkippedCleaning, skippedCleanings } from './housekeeping.ts';
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

export interface ReportTotals {
  /** Stays that began that day. */
  stays: number;
  /** Actions answered that day: one per stay, action and night, however often the answer changed. */
  actions: number;
  /** Points of the day's answers and their changes (a change back takes its points off). */
  pointsEarned: number;
  /** Points spent on rewards claimed that day. */
  pointsSpent: number;
  rewardsClaimed: number;
  rewardsUsed: number;
  /** Litres of the water rewards (EAU) claimed that day. */
  litresDonated: number;
}

export interface DailyReport {
  hotel: ReportHotel;
  /** The hotel-local day reported. */
  date: string;
  /** The YESNOMAIL answers of the day (the last answer of each stay, action and night), by room. */
  answers: ReportAnswer[];
  /** The day after `date`: the day the report is read, whose cleaning these rooms skip. */
  cleaningDate: string;
  skippedCleanings: SkippedCleaning[];
  /** The day's uses of rewards, the earliest first; who handed each over at the desk (`staffName`). */
  uses: Redemption[];
  /** The day's staff actions by kind (refused sign-ins included: an attack shows). */
  staffActions: StaffActionCount[];
  totals: ReportTotals;
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

/**
 * Keeps the rows whose timestamp falls on the hotel-local `date`. The query bounds are a UTC window wide enough for
 * every time zone (UTC−12 to UTC+14); the exact day is decided here, by the hotel's clock.
 */
function utcWindow(date: string): { from: string; to: string } {
  return { from: `${addDays(date, -1)}T00:00:00.000Z`, to: `${addDays(date, 2)}T00:00:00.000Z` };
}
function onLocalDay(timestamp: string | null, date: string, timeZone: string): boolean {
  return timestamp !== null && localDate(new Date(timestamp), timeZone) === date;
}

async function totalsOfDay(db: Kysely<Database>, hotel: ReportHotel, date: string): Promise<ReportTotals> {
  const { from, to } = utcWindow(date);
  const onDay = (timestamp: string | null) => onLocalDay(timestamp, date, hotel.timeZone);

  const stays = await db
    .selectFrom('stays')
    .select('created_at')
    .where('hotel_id', '=', hotel.id)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
  const answered = await db
    .selectFrom('action_answers')
    .select(['stay_id', 'action_id', 'night_id'])
    .where('hotel_id', '=', hotel.id)
    .where('answered_on', '=', date)
    .execute();
  const ledger = await db
    .selectFrom('ledger_entries')
    .innerJoin('stays', 'stays.id', 'ledger_entries.stay_id')
    .select(['ledger_entries.amount', 'ledger_entries.reason', 'ledger_entries.created_at'])
    .where('stays.hotel_id', '=', hotel.id)
    .where('ledger_entries.created_at', '>=', from)
    .where('ledger_entries.created_at', '<', to)
    .execute();
  const claims = await db
    .selectFrom('reward_claims')
    .innerJoin('stays', 'stays.id', 'reward_claims.stay_id')
    .innerJoin('rewards', 'rewards.id', 'reward_claims.reward_id')
    .select(['reward_claims.reward_id', 'reward_claims.claimed_at', 'reward_claims.used_at', 'rewards.type'])
    .select('rewards.water_volume')
    .where('stays.hotel_id', '=', hotel.id)
    .where((eb) =>
      eb.or([
        eb.and([eb('reward_claims.claimed_at', '>=', from), eb('reward_claims.claimed_at', '<', to)]),
        eb.and([eb('reward_claims.used_at', '>=', from), eb('reward_claims.used_at', '<', to)]),
      ]),
    )
    .execute();

  const dayLedger = ledger.filter((entry) => onDay(entry.created_at));
  const claimedToday = claims.filter((claim) => onDay(claim.claimed_at));
  let litresDonated = 0;
  for (const claim of claimedToday.filter((c) => c.type === 'EAU')) {
    litresDonated += waterVolume(await rewardName(db, claim.reward_id, hotel.language), claim.water_volume);
  }
  return {
    stays: stays.filter((stay) => onDay(stay.created_at)).length,
    actions: new Set(answered.map((a) => `${a.stay_id}:${a.action_id}:${a.night_id}`)).size,
    pointsEarned: sum(dayLedger.filter((e) => e.reason === 'action' || e.reason === 'action_change')),
    pointsSpent: -sum(dayLedger.filter((e) => e.reason === 'reward_claim')),
    rewardsClaimed: claimedToday.length,
    rewardsUsed: claims.filter((claim) => onDay(claim.used_at)).length,
    litresDonated,
  };
}

function sum(entries: ReadonlyArray<{ amount: number }>): number {
  return entries.reduce((total, entry) => total + Number(entry.amount), 0);
}

async function rewardName(db: Kysely<Database>, rewardId: number, language: string): Promise<string> {
  const translations = await db
    .selectFrom('reward_translations')
    .select(['lang', 'name'])
    .where('reward_id', '=', rewardId)
    .execute();
  return pickTranslation(translations, textLanguageOrder(language, language))?.name ?? '';
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
    uses: (await hotelUsesOfDay(db, hotel.id, date, hotel.language)).reverse(),
    staffActions: await staffActionCounts(db, hotel.id, hotel.timeZone, date),
    totals: await totalsOfDay(db, hotel, date),
  };
}
