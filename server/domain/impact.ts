/**
 * The staff page's impact summary of a hotel over a hotel-local period (docs/impact.md): participation, actions by
 * type, points and rewards (sums over the ledger and the claims), water donated, and the water, energy and CO2e the
 * guests' gestures saved by the factor table (contract/impact-factors.ts), with a daily series.
 *
 * Rows are read over a UTC window a day wider than the period on each side (no zone is more than 14 h from UTC) and
 * kept by their hotel-local date, so a day is the hotel's day whatever the zone and its daylight-saving changes.
 */
import type { Kysely } from 'kysely';
import { FIRST_CALENDAR_DATE, LAST_CALENDAR_DATE } from '../../contract/calendar-days.ts';
import { EVIDENCE_LEVELS, isBacked } from '../../contract/evidence.ts';
import {
  IMPACT_CATEGORIES,
  IMPACT_MEASURES,
  type ImpactCategory,
  type ImpactMeasure,
} from '../../contract/impact-factors.ts';
import type {
  EvidenceCounts,
  ImpactCategorySummary,
  ImpactDay,
  ImpactFigure,
  ImpactSummaryReply,
} from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';
import { waterVolume } from '../mail/reward-mail.ts';
import { DomainError, notFound } from './errors.ts';
import { addDays, daysBetween, isCalendarDate, localDate } from './hotel-time.ts';
import { hotelPrimaryLanguage } from './hotels.ts';
import {
  type Amounts,
  countedCompletions,
  factorsOfHotel,
  rounded,
  totalOfCategories,
  zeroAmounts,
  zeroCategoryAmounts,
} from './impact-gestures.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

/** The longest period one summary covers (a year, leap day included). */
export const MAX_PERIOD_DAYS = 366;

export interface ImpactSummaryInput {
  hotelId: number;
  from: string;
  to: string;
}

/**
 * 400 invalid_period unless both are dates of the API's window, `from` is not after `to`, and the period is at most
 * MAX_PERIOD_DAYS: the summary builds one entry per day.
 */
export function checkPeriod(from: string, to: string): void {
  if (!isCalendarDate(from) || !isCalendarDate(to))
    throw new DomainError(
      'bad_request',
      'invalid_period',
      `from and to must be real dates (YYYY-MM-DD) from ${FIRST_CALENDAR_DATE} to ${LAST_CALENDAR_DATE}`,
    );
  const days = daysBetween(from, to) + 1;
  if (days < 1) throw new DomainError('bad_request', 'invalid_period', 'from must not be after to');
  if (days > MAX_PERIOD_DAYS)
    throw new DomainError('bad_request', 'invalid_period', `A period covers at most ${MAX_PERIOD_DAYS} days`);
}

/** GET /api/staff/hotels/{hId}/summary: the figures of the session's hotel over the period. */
export function impactSummary(
  db: Kysely<Database>,
  staff: StaffSession,
  input: ImpactSummaryInput,
): Promise<ImpactSummaryReply> {
  requireStaffOf(staff, input.hotelId);
  return periodSummary(db, input);
}

/**
 * The hotel's figures over `from`–`to` (hotel-local days, both included), for whoever the caller has checked: the
 * staff page's summary, or a day's totals (`from` = `to`).
 */
export async function periodSummary(
  db: Kysely<Database>,
  { hotelId, from, to }: ImpactSummaryInput,
): Promise<ImpactSummaryReply> {
  checkPeriod(from, to);
  const hotel = await db
    .selectFrom('hotels')
    .select(['id', 'time_zone', 'impact_factors', 'content_version'])
    .where('id', '=', hotelId)
    .executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  const factors = factorsOfHotel(hotel);
  const windowStart = `${addDays(from, -1)}T00:00:00.000Z`;
  const windowEnd = `${addDays(to, 2)}T00:00:00.000Z`;
  /** The hotel-local date of a timestamp when it falls in the period, else null. */
  const dayOf = (stamp: string | null): string | null => {
    if (stamp === null || stamp < windowStart || stamp >= windowEnd) return null;
    const date = localDate(new Date(stamp), hotel.time_zone);
    return date >= from && date <= to ? date : null;
  };

  const days = new Map<string, ImpactDay>();
  // Counted in days (checkPeriod bounds them), never by comparing a moving date with `to`.
  const dayCount = daysBetween(from, to) + 1;
  for (let offset = 0; offset < dayCount; offset += 1) {
    const date = addDays(from, offset);
    days.set(date, {
      date,
      actions: 0,
      pointsEarned: 0,
      pointsSpent: 0,
      rewardsClaimed: 0,
      rewardsUsed: 0,
      waterSavedLitres: 0,
      energySavedKwh: 0,
      co2eSavedGrams: 0,
    });
  }
  const dayEntry = (date: string) => days.get(date) as ImpactDay;

  // Actions: the completions first answered in the period, as their current answer stands.
  const completions = await countedCompletions(db, { hotelId, from: windowStart, to: windowEnd }, factors);
  const participating = new Set<number>();
  const actionCounts = new Map<string, { count: number; confirmed: number }>();
  const evidence: EvidenceCounts = Object.fromEntries(EVIDENCE_LEVELS.map((level) => [level, 0])) as EvidenceCounts;
  const units = Object.fromEntries(IMPACT_CATEGORIES.map((category) => [category, 0])) as Record<
    ImpactCategory,
    number
  >;
  const confirmedUnits = { ...units };
  const saved = zeroCategoryAmounts();
  const low = zeroCategoryAmounts();
  const high = zeroCategoryAmounts();
  const savedByDay = new Map<string, Amounts>();
  for (const row of completions) {
    const date = dayOf(row.created_at);
    if (date === null) continue;
    participating.add(row.stay_id);
    const typeCount = actionCounts.get(row.type) ?? { count: 0, confirmed: 0 };
    typeCount.count += 1;
    if (isBacked(row.evidence)) typeCount.confirmed += 1;
    actionCounts.set(row.type, typeCount);
    evidence[row.evidence] += 1;
    dayEntry(date).actions += 1;
    const gesture = row.gesture;
    if (!gesture) continue;
    units[gesture.category] += gesture.units;
    if (isBacked(row.evidence)) confirmedUnits[gesture.category] += gesture.units;
    const daySaving = savedByDay.get(date) ?? zeroAmounts();
    for (const measure of IMPACT_MEASURES) {
      saved[gesture.category][measure] += row.saving[measure];
      low[gesture.category][measure] += row.low[measure];
      high[gesture.category][measure] += row.high[measure];
      daySaving[measure] += row.saving[measure];
    }
    savedByDay.set(date, daySaving);
  }
  for (const [date, amounts] of savedByDay) {
    const day = dayEntry(date);
    day.waterSavedLitres = rounded('water', amounts.water);
    day.energySavedKwh = rounded('energy', amounts.energy);
    day.co2eSavedGrams = rounded('co2e', amounts.co2e);
  }

  // Stays present: started in the period, or with an action in it.
  const started = await db
    .selectFrom('stays')
    .select(['id', 'created_at'])
    .where('hotel_id', '=', hotelId)
    .where('created_at', '>=', windowStart)
    .where('created_at', '<', windowEnd)
    .execute();
  const present = new Set(participating);
  for (const stay of started) if (dayOf(stay.created_at) !== null) present.add(stay.id);

  // Points: every ledger row of the hotel's stays written in the period.
  const ledger = await db
    .selectFrom('ledger_entries as l')
    .innerJoin('stays as s', 's.id', 'l.stay_id')
    .select(['l.amount', 'l.reward_id', 'l.created_at'])
    .where('s.hotel_id', '=', hotelId)
    .where('l.created_at', '>=', windowStart)
    .where('l.created_at', '<', windowEnd)
    .execute();
  const points = { earned: 0, spent: 0 };
  for (const entry of ledger) {
    const date = dayOf(entry.created_at);
    if (date === null) continue;
    const amount = Number(entry.amount);
    if (entry.reward_id === null) {
      points.earned += amount;
      dayEntry(date).pointsEarned += amount;
    } else {
      points.spent -= amount;
      dayEntry(date).pointsSpent -= amount;
    }
  }

  // Rewards: claimed and used in the period; water donated by the water rewards claimed in it.
  const claims = await db
    .selectFrom('reward_claims as rc')
    .innerJoin('rewards as r', 'r.id', 'rc.reward_id')
    .select(['rc.claimed_at', 'rc.used_at', 'r.id as reward_id', 'r.type', 'r.water_volume'])
    .where('r.hotel_id', '=', hotelId)
    .where((eb) =>
      eb.or([
        eb.and([eb('rc.claimed_at', '>=', windowStart), eb('rc.claimed_at', '<', windowEnd)]),
        eb.and([eb('rc.used_at', '>=', windowStart), eb('rc.used_at', '<', windowEnd)]),
      ]),
    )
    .execute();
  const waterLitresOf = await waterRewardVolumes(db, hotel, claims);
  const rewards = { claimed: 0, used: 0 };
  let waterDonatedLitres = 0;
  for (const claim of claims) {
    const claimedOn = dayOf(claim.claimed_at);
    if (claimedOn !== null) {
      rewards.claimed += 1;
      dayEntry(claimedOn).rewardsClaimed += 1;
      waterDonatedLitres += waterLitresOf.get(claim.reward_id) ?? 0;
    }
    const usedOn = dayOf(claim.used_at);
    if (usedOn !== null) {
      rewards.used += 1;
      dayEntry(usedOn).rewardsUsed += 1;
    }
  }

  const impact: ImpactCategorySummary[] = IMPACT_CATEGORIES.map((category) => {
    const figureOf = (measure: ImpactMeasure): ImpactFigure => {
      const factor = factors[category][measure];
      return {
        saved: rounded(measure, saved[category][measure]),
        savedRange: factor.range
          ? { low: rounded(measure, low[category][measure]), high: rounded(measure, high[category][measure]) }
          : null,
        ...factor,
      };
    };
    return {
      category,
      units: units[category],
      confirmedUnits: confirmedUnits[category],
      water: figureOf('water'),
      energy: figureOf('energy'),
      co2e: figureOf('co2e'),
    };
  });
  return {
    hId: hotelId,
    from,
    to,
    stays: { total: present.size, participating: participating.size },
    actionsByType: [...actionCounts]
      .map(([actType, counts]) => ({ actType, ...counts }))
      .sort((a, b) => b.count - a.count || a.actType.localeCompare(b.actType)),
    points,
    rewards,
    waterDonatedLitres,
    impact,
    evidence,
    saved: totalOfCategories(saved),
    savedRange: { low: totalOfCategories(low), high: totalOfCategories(high) },
    days: [...days.values()],
  };
}

/**
 * The litres each water reward of the claims gives (docs/behaviour.md#water-reward): read from its name in the
 * hotel's primary language ('N litres'), else its `waterVolume`, else 50 — what the guest was shown.
 */
export async function waterRewardVolumes(
  db: Kysely<Database>,
  hotel: { id: number; content_version: string },
  claims: ReadonlyArray<{ reward_id: number; type: string; water_volume: number | null }>,
): Promise<Map<number, number>> {
  const waterRewards = new Map(claims.filter((claim) => claim.type === 'EAU').map((c) => [c.reward_id, c]));
  if (waterRewards.size === 0) return new Map();
  const primary = await hotelPrimaryLanguage(db, { hotel_id: hotel.id, content_version: hotel.content_version });
  const names = await db
    .selectFrom('reward_translations')
    .select(['reward_id', 'name'])
    .where('reward_id', 'in', [...waterRewards.keys()])
    .where('lang', '=', primary)
    .execute();
  const nameOf = new Map(names.map((row) => [row.reward_id, row.name]));
  return new Map(
    [...waterRewards.values()].map((reward) => [
      reward.reward_id,
      waterVolume(nameOf.get(reward.reward_id) ?? '', reward.water_volume),
    ]),
  );
}
