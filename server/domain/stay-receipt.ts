/**
 * The stay's impact receipt (docs/behaviour.md#receipt): the stay's gestures grouped by action, each with how many
 * times, what it is estimated to save (water, energy, CO2e) with its range and the factor's source, and how far it is
 * backed; totals with their ranges; and, apart, the water donations the stay's points paid for, as contributions.
 *
 * Figures come only from `countedCompletions` with the hotel's factors, so they equal the staff summary's for the
 * same stay; the page, the PDF and the e-mail all render this one object.
 */
import type { Kysely } from 'kysely';
import { EVIDENCE_LEVELS } from '../../contract/evidence.ts';
import type { RewardPartner } from '../../contract/hotel-content-file.ts';
import {
  IMPACT_MEASURES,
  type ImpactCategory,
  type ImpactFactorTable,
  type ImpactMeasure,
} from '../../contract/impact-factors.ts';
import type {
  EvidenceCounts,
  ReceiptContribution,
  ReceiptFigure,
  ReceiptLine,
  StayReceiptReply,
} from '../../contract/schemas.ts';
import { pickTranslation, textLanguageOrder } from '../../contract/text-language.ts';
import { partnerOf } from '../content/reward-partner.ts';
import type { Database } from '../db/schema.ts';
import { hotelPrimaryLanguage } from './hotels.ts';
import { waterRewardVolumes } from './impact.ts';
import {
  type Amounts,
  type CountedCompletion,
  countedCompletions,
  factorsOfHotel,
  rounded,
  totalOfCategories,
  zeroCategoryAmounts,
} from './impact-gestures.ts';
import { findOwnedStay, isFinished, type StayRecord } from './stays.ts';

export interface StayReceiptInput {
  sUUID: string;
  profileUUID: string;
  lang: string;
}

/** GET /api/stays/:sUUID/receipt: the receipt of the caller's stay (404 for another's, as the stay itself). */
export async function stayReceiptOf(db: Kysely<Database>, input: StayReceiptInput, now: Date) {
  const stay = await findOwnedStay(db, input.sUUID, input.profileUUID);
  return stayReceipt(db, stay, input.lang, now);
}

/** The receipt of a stay its caller may read, in `lang` (hotel texts by the language fallback). */
export async function stayReceipt(
  db: Kysely<Database>,
  stay: StayRecord,
  lang: string,
  now: Date,
): Promise<StayReceiptReply> {
  const hotel = await db
    .selectFrom('hotels')
    .select(['id', 'impact_factors', 'content_version'])
    .where('id', '=', stay.hotel_id)
    .executeTakeFirstOrThrow();
  const factors = factorsOfHotel(hotel);
  const primary = await hotelPrimaryLanguage(db, stay);
  const order = textLanguageOrder(lang, primary);
  const completions = await countedCompletions(db, { stayId: stay.id }, factors);
  const names = await actionNames(
    db,
    completions.map((row) => row.action_id),
    order,
  );

  const byAction = new Map<number, CountedCompletion[]>();
  for (const row of completions) byAction.set(row.action_id, [...(byAction.get(row.action_id) ?? []), row]);
  const lines = [...byAction.values()].map((rows) => lineOf(rows, names, factors));

  const contributions = await contributionsOf(db, stay, hotel, order);
  return {
    sUUID: stay.s_uuid,
    hotelName: stay.hotel_name,
    roomNb: stay.room_number,
    status: isFinished(stay, now) ? 'finished' : 'active',
    lang,
    lines,
    ...totalsOf(completions),
    contributions,
    waterContributedLitres: contributions.reduce((sum, contribution) => sum + contribution.litres, 0),
  };
}

async function actionNames(
  db: Kysely<Database>,
  actionIds: number[],
  order: readonly string[],
): Promise<Map<number, string>> {
  if (actionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('action_translations')
    .select(['action_id', 'lang', 'name'])
    .where('action_id', 'in', [...new Set(actionIds)])
    .execute();
  const names = new Map<number, string>();
  for (const actionId of new Set(actionIds)) {
    const text = pickTranslation(
      rows.filter((row) => row.action_id === actionId),
      order,
    );
    names.set(actionId, text?.name ?? '');
  }
  return names;
}

function evidenceOf(rows: readonly CountedCompletion[]): EvidenceCounts {
  const counts = Object.fromEntries(EVIDENCE_LEVELS.map((level) => [level, 0])) as EvidenceCounts;
  for (const row of rows) counts[row.evidence] += 1;
  return counts;
}

/** One action's line: its figures only when one of its answers saves something measurable. */
function lineOf(rows: CountedCompletion[], names: Map<number, string>, factors: ImpactFactorTable): ReceiptLine {
  const first = rows[0] as CountedCompletion;
  const category = rows.find((row) => row.gesture)?.gesture?.category ?? null;
  const figureOf = (measure: ImpactMeasure, on: ImpactCategory): ReceiptFigure => {
    const factor = factors[on][measure];
    const sum = (pick: (row: CountedCompletion) => Amounts) =>
      rounded(
        measure,
        rows.reduce((total, row) => total + pick(row)[measure], 0),
      );
    return {
      saved: sum((row) => row.saving),
      range: factor.range ? { low: sum((row) => row.low), high: sum((row) => row.high) } : null,
      source: factor.source,
      origin: factor.origin,
    };
  };
  return {
    actId: first.action_id,
    actType: first.type,
    name: names.get(first.action_id) ?? '',
    count: rows.length,
    evidence: evidenceOf(rows),
    figures:
      category === null
        ? null
        : {
            water: figureOf('water', category),
            energy: figureOf('energy', category),
            co2e: figureOf('co2e', category),
          },
  };
}

/** The totals and their ranges, added up as the staff summary adds them (`totalOfCategories`). */
function totalsOf(completions: readonly CountedCompletion[]): Pick<StayReceiptReply, 'totals' | 'totalsRange'> {
  const saved = zeroCategoryAmounts();
  const low = zeroCategoryAmounts();
  const high = zeroCategoryAmounts();
  for (const row of completions) {
    if (!row.gesture) continue;
    for (const measure of IMPACT_MEASURES) {
      saved[row.gesture.category][measure] += row.saving[measure];
      low[row.gesture.category][measure] += row.low[measure];
      high[row.gesture.category][measure] += row.high[measure];
    }
  }
  return {
    totals: totalOfCategories(saved),
    totalsRange: { low: totalOfCategories(low), high: totalOfCategories(high) },
  };
}

/** The partner as the receipt shows it: its guarantee in the first language of `order` it is written in. */
function receiptPartner(partner: RewardPartner | null, order: readonly string[]): ReceiptContribution['partner'] {
  if (!partner) return null;
  const guarantees = Object.entries(partner.guarantee).map(([lang, text]) => ({ lang, text }));
  return { name: partner.name, url: partner.url ?? null, guarantee: pickTranslation(guarantees, order)?.text ?? '' };
}

/** The water rewards the stay claimed, with the litres the staff summary counts for each. */
async function contributionsOf(
  db: Kysely<Database>,
  stay: StayRecord,
  hotel: { id: number; content_version: string },
  order: readonly string[],
): Promise<ReceiptContribution[]> {
  const claims = await db
    .selectFrom('reward_claims as rc')
    .innerJoin('rewards as r', 'r.id', 'rc.reward_id')
    .select(['rc.claimed_at', 'r.id as reward_id', 'r.type', 'r.water_volume', 'r.partner'])
    .where('rc.stay_id', '=', stay.id)
    .where('r.type', '=', 'EAU')
    .orderBy('rc.claimed_at')
    .orderBy('rc.id')
    .execute();
  if (claims.length === 0) return [];
  const litresOf = await waterRewardVolumes(db, hotel, claims);
  const texts = await db
    .selectFrom('reward_translations')
    .select(['reward_id', 'lang', 'name', 'description'])
    .where(
      'reward_id',
      'in',
      claims.map((claim) => claim.reward_id),
    )
    .execute();
  return claims.map((claim) => {
    const text = pickTranslation(
      texts.filter((row) => row.reward_id === claim.reward_id),
      order,
    );
    return {
      rwId: claim.reward_id,
      name: text?.name ?? '',
      description: text?.description ?? '',
      partner: receiptPartner(partnerOf(claim.partner), order),
      litres: litresOf.get(claim.reward_id) ?? 0,
      claimedAt: claim.claimed_at,
    };
  });
}
