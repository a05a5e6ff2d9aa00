/**
 * The staff desk (docs/behaviour.md#staff-code-check): staff check a guest's reward code, then hand the reward over
 * (the code is used once), and list the day's uses to reconcile the bill. Only the session's hotel is searched:
 * another hotel's code is unknown.
 */

import { type Kysely, sql } from 'kysely';
import { rewardCodeText } from '../../contract/reward-code.ts';
import type {
  RedeemedBy,
  Redemption,
  RedemptionsReply,
  StaffCodeCheckReply,
  StaffCodeRedeemReply,
} from '../../contract/schemas.ts';
import { pickTranslation, textLanguageOrder } from '../../contract/text-language.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { DomainError, notFound } from './errors.ts';
import { addDays, isCalendarDate, localDate } from './hotel-time.ts';
import { codePrefixOf, hotelPrimaryLanguage } from './hotels.ts';
import { isExpiredOn } from './rewards.ts';
import { recordStaffAction } from './staff-audit.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

interface StaffHotel {
  hotel_id: number;
  hotel_name: string;
  code_prefix: string | null;
  time_zone: string;
  content_version: string;
}

async function staffHotel(db: Kysely<Database>, hotelId: number): Promise<StaffHotel> {
  const hotel = await db
    .selectFrom('hotels')
    .select(['id as hotel_id', 'name as hotel_name', 'code_prefix', 'time_zone', 'content_version'])
    .where('id', '=', hotelId)
    .executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  return hotel;
}

/**
 * What a typed or scanned code may stand for, upper-case and without spaces: the code itself, and, when it starts
 * with the hotel's prefix and a dash (`TIL-LZJ`, as the guest's screen shows it), the code after them.
 */
export function codeCandidates(typed: string, codePrefix: string): string[] {
  const code = typed.replace(/\s+/g, '').toUpperCase();
  const shownPrefix = `${codePrefix.toUpperCase()}-`;
  return code.startsWith(shownPrefix) && code.length > shownPrefix.length
    ? [code, code.slice(shownPrefix.length)]
    : [code];
}

/** The claims of the hotel's rewards, with the reward and the stay's room (`used_at` and `used_by` included). */
function hotelClaims(db: Kysely<Database>, hotelId: number) {
  return db
    .selectFrom('reward_claims as c')
    .innerJoin('rewards as r', 'r.id', 'c.reward_id')
    .innerJoin('stays as s', 's.id', 'c.stay_id')
    .leftJoin('rooms', 'rooms.id', 's.room_id')
    .select([
      'c.id',
      'c.code',
      'c.claimed_at',
      'c.used_at',
      'c.used_by',
      'r.id as reward_id',
      'r.type as reward_type',
      'r.valid_until',
      'rooms.number as room_number',
    ])
    .where('r.hotel_id', '=', hotelId);
}

/** Each reward's name in the first language of `order` it has (the rewards list's rule). */
async function rewardNames(
  db: Kysely<Database>,
  rewardIds: readonly number[],
  order: readonly string[],
): Promise<Map<number, string>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reward_translations')
    .select(['reward_id', 'lang', 'name'])
    .where('reward_id', 'in', [...new Set(rewardIds)])
    .execute();
  const names = new Map<number, string>();
  for (const id of new Set(rewardIds)) {
    const picked = pickTranslation(
      rows.filter((row) => row.reward_id === id),
      order,
    );
    names.set(id, picked?.name ?? '');
  }
  return names;
}

async function languageOrder(db: Kysely<Database>, hotel: StaffHotel, lang: string | undefined): Promise<string[]> {
  const primary = await hotelPrimaryLanguage(db, hotel);
  return textLanguageOrder(lang ?? primary, primary);
}

function usedByOf(value: string | null): RedeemedBy {
  return value === 'staff' ? 'staff' : 'guest';
}

type HotelClaim = Awaited<ReturnType<ReturnType<typeof hotelClaims>['executeTakeFirstOrThrow']>>;

/**
 * The one claim of the session's hotel a typed or scanned code names. 404 unknown_code when no claim of the hotel
 * has it; 409 ambiguous_code when several do (short codes of different rewards, issued before codes were unique per
 * hotel): staff read the reward on the guest's screen.
 */
async function claimOfCode(db: Kysely<Database>, hotel: StaffHotel, typed: string): Promise<HotelClaim> {
  const candidates = codeCandidates(typed, codePrefixOf(hotel));
  const matches = await hotelClaims(db, hotel.hotel_id).where(sql<string>`upper(c.code)`, 'in', candidates).execute();
  const claim = matches[0];
  if (!claim || claim.code === null)
    throw new DomainError('not_found', 'unknown_code', 'No reward of this hotel was claimed with this code');
  if (matches.length > 1)
    throw new DomainError(
      'conflict',
      'ambiguous_code',
      'Several rewards of this hotel were claimed with this code; check the reward on the guest’s screen',
    );
  return claim;
}

async function codeFacts(
  db: Kysely<Database>,
  hotel: StaffHotel,
  claim: HotelClaim,
  lang: string | undefined,
  now: Date,
): Promise<StaffCodeCheckReply> {
  const names = await rewardNames(db, [claim.reward_id], await languageOrder(db, hotel, lang));
  return {
    code: rewardCodeText(codePrefixOf(hotel), claim.code ?? ''), // found by its code: never null
    rwId: claim.reward_id,
    rwType: claim.reward_type,
    rewardName: names.get(claim.reward_id) ?? '',
    roomNumber: claim.room_number,
    claimedAt: claim.claimed_at,
    validUntil: claim.valid_until,
    expired: isExpiredOn(claim.valid_until, localDate(now, hotel.time_zone)),
    usedAt: claim.used_at,
    usedBy: claim.used_at === null ? null : usedByOf(claim.used_by),
  };
}

interface CodeInput {
  session: StaffSession;
  code: string;
  lang?: string | undefined;
}

/**
 * POST /api/staff/codes/verify: the claim the code names at the session's hotel, as it stands — unused, used before
 * (when and how), or past its reward's `validUntil` (`expired`). Checking changes nothing but the audit trail, which
 * records who checked which code: staff hand the reward over with `redeemRewardCode`.
 */
export async function checkRewardCode(store: Store, input: CodeInput, now: Date): Promise<StaffCodeCheckReply> {
  const hotel = await staffHotel(store.db, input.session.hotelId);
  const claim = await claimOfCode(store.db, hotel, input.code);
  const facts = await codeFacts(store.db, hotel, claim, input.lang, now);
  await store.write((tx) =>
    recordStaffAction(tx.db, {
      hotelId: hotel.hotel_id,
      kind: 'codeChecked',
      actor: input.session,
      at: now,
      roomNumber: claim.room_number,
      claimId: claim.id,
      rewardId: claim.reward_id,
      code: facts.code,
    }),
  );
  return facts;
}

/**
 * POST /api/staff/codes/redeem: the staff hand the reward over; the claim the code names is used now by staff
 * (`redeemedNow`), unless it was used before (nothing changes, the reply says when and how) or is past its
 * `validUntil` (not used: staff do not hand it over). One conditional UPDATE uses it, so two desks handing the same
 * code over at once use it once.
 */
export async function redeemRewardCode(store: Store, input: CodeInput, now: Date): Promise<StaffCodeRedeemReply> {
  const { db } = store;
  const hotel = await staffHotel(db, input.session.hotelId);
  const claim = await claimOfCode(db, hotel, input.code);
  const facts = await codeFacts(db, hotel, claim, input.lang, now);
  if (facts.usedAt !== null || facts.expired) return { ...facts, redeemedNow: false };
  const stamp = now.toISOString();
  const redeemedNow = await store.write(async (tx) => {
    const result = await tx.db
      .updateTable('reward_claims')
      .set({ used_at: stamp, used_by: 'staff' })
      .where('id', '=', claim.id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await recordStaffAction(tx.db, {
      hotelId: hotel.hotel_id,
      kind: 'codeRedeemed',
      actor: input.session,
      at: now,
      roomNumber: claim.room_number,
      claimId: claim.id,
      rewardId: claim.reward_id,
      code: facts.code,
    });
    return true;
  });
  if (redeemedNow) return { ...facts, usedAt: stamp, usedBy: 'staff', redeemedNow: true };
  // Another desk used it in between: answer what it recorded.
  const used = await db
    .selectFrom('reward_claims')
    .select(['used_at', 'used_by'])
    .where('id', '=', claim.id)
    .executeTakeFirstOrThrow();
  return { ...facts, usedAt: used.used_at ?? stamp, usedBy: usedByOf(used.used_by), redeemedNow: false };
}

/**
 * GET /api/staff/hotels/{hId}/redemptions: the claims of the hotel used on its hotel-local day `date` (today without
 * it), by the guest's call or the staff check, the latest first. 403 staff_session_wrong_hotel for another hotel's
 * session, 400 bad_request for a date that does not exist.
 */
export async function redemptionsOfDay(
  store: Store,
  input: { session: StaffSession; hotelId: number; date?: string | undefined; lang?: string | undefined },
  now: Date,
): Promise<RedemptionsReply> {
  const { db } = store;
  requireStaffOf(input.session, input.hotelId);
  const hotel = await staffHotel(db, input.hotelId);
  const date = input.date ?? localDate(now, hotel.time_zone);
  if (!isCalendarDate(date)) throw new DomainError('bad_request', 'bad_request', `${date} is not a calendar date`);
  return { date, redemptions: await usesOfDay(db, hotel, date, input.lang) };
}

/** The day's uses of the hotel's rewards, as the staff desk lists them (the daily report names them too). */
export async function hotelUsesOfDay(
  db: Kysely<Database>,
  hotelId: number,
  date: string,
  lang: string,
): Promise<Redemption[]> {
  return usesOfDay(db, await staffHotel(db, hotelId), date, lang);
}

/**
 * The claims of the hotel used on its hotel-local `date`, the latest first, each with its reward's name in `lang`
 * (else the hotel's primary language) and, when staff handed it over, who (the trail's `codeRedeemed` row).
 */
async function usesOfDay(
  db: Kysely<Database>,
  hotel: StaffHotel,
  date: string,
  lang: string | undefined,
): Promise<Redemption[]> {
  // Every time zone's day lies within the UTC days around it; the hotel-local date then picks the day's uses.
  const rows = await hotelClaims(db, hotel.hotel_id)
    .leftJoin('staff_audit as handedOver', (join) =>
      join.onRef('handedOver.claim_id', '=', 'c.id').on('handedOver.kind', '=', 'codeRedeemed'),
    )
    .select('handedOver.actor_name as staff_name')
    .where('c.used_at', '>=', `${addDays(date, -1)}T00:00:00.000Z`)
    .where('c.used_at', '<', `${addDays(date, 2)}T00:00:00.000Z`)
    .orderBy('c.used_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  const ofDay = rows.filter(
    (row) => row.used_at !== null && localDate(new Date(row.used_at), hotel.time_zone) === date,
  );
  const names = await rewardNames(
    db,
    ofDay.map((row) => row.reward_id),
    await languageOrder(db, hotel, lang),
  );
  const prefix = codePrefixOf(hotel);
  return ofDay.map(
    (row): Redemption => ({
      rwId: row.reward_id,
      rwType: row.reward_type,
      rewardName: names.get(row.reward_id) ?? '',
      roomNumber: row.room_number,
      code: row.code === null ? null : rewardCodeText(prefix, row.code),
      claimedAt: row.claimed_at,
      usedAt: row.used_at ?? '',
      usedBy: usedByOf(row.used_by),
      staffName: row.staff_name,
    }),
  );
}
