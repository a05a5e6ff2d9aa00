/** A hotel as the app shell sees it (demo flag, points name, languages) and its primary language. */
import type { Kysely } from 'kysely';
import type { HotelReply } from '../../contract/schemas.ts';
import { SOURCE_LANGUAGE } from '../../contract/text-language.ts';
import { BoundedCache } from '../bounded-cache.ts';
import type { Database } from '../db/schema.ts';
import type { Store } from '../db/store.ts';
import { notFound } from './errors.ts';

/**
 * The hotel's primary language, from its languages in display order (position, then code): the one marked
 * primary, else the first, else SOURCE_LANGUAGE. Content files mark exactly one (server/content/validate.ts);
 * the fallbacks only keep a hand-edited database answering.
 */
export function primaryLanguageOf(languages: ReadonlyArray<{ code: string; is_primary: number }>): string {
  return (languages.find((language) => language.is_primary === 1) ?? languages[0])?.code ?? SOURCE_LANGUAGE;
}

function languagesQuery(db: Kysely<Database>, hotelId: number) {
  return db
    .selectFrom('hotel_languages')
    .selectAll()
    .where('hotel_id', '=', hotelId)
    .orderBy('position')
    .orderBy('code');
}

/** The hotel's primary language, read now (the daily report, the QR sheet: once per run, no cache needed). */
export async function primaryLanguageOfHotel(db: Kysely<Database>, hotelId: number): Promise<string> {
  return primaryLanguageOf(await languagesQuery(db, hotelId).execute());
}

/** A hotel's languages change only on import, which renews its content_version (a random UUID). */
const primaryLanguages = new BoundedCache<Promise<string>>(256);

/** The primary language of the stay's hotel (cached per content version). */
export function hotelPrimaryLanguage(
  db: Kysely<Database>,
  hotel: { hotel_id: number; content_version: string },
): Promise<string> {
  return primaryLanguages.getOrAdd(`${hotel.content_version}|${hotel.hotel_id}`, async () =>
    primaryLanguageOf(await languagesQuery(db, hotel.hotel_id).execute()),
  );
}

/**
 * GET /api/green/hotels/:hId: the hotel, its languages in display order, its primary language, and whether rewards
 * can be e-mailed (`emailEnabled`: the server has a mailer).
 */
export async function hotelInfo(store: Store, hotelId: number, emailEnabled: boolean): Promise<HotelReply> {
  const hotel = await store.db.selectFrom('hotels').selectAll().where('id', '=', hotelId).executeTakeFirst();
  if (!hotel) throw notFound('Hotel');
  const languages = await languagesQuery(store.db, hotel.id).execute();
  return {
    hotel: {
      hId: hotel.id,
      name: hotel.name,
      isDemo: hotel.is_demo === 1,
      hGreenMilesName: hotel.green_miles_name,
      timeZone: hotel.time_zone,
    },
    languagesSupported: languages.map((language) => ({
      code: language.code,
      name: language.name,
      enabled: language.enabled === 1 ? 1 : 0,
      direction: language.direction === 'rtl' ? 'rtl' : 'ltr',
      flagUrl: language.flag_url,
      isPrimary: language.is_primary === 1 ? 1 : 0,
      position: language.position,
    })),
    primaryLanguage: primaryLanguageOf(languages),
    emailEnabled,
  };
}

/** docs/behaviour.md#code-reward: at most this many initials make the default prefix of reward codes. */
const MAX_PREFIX_INITIALS = 4;

/**
 * The prefix of the hotel's reward codes: the content's `codePrefix`, else the upper-case initials of the name's words
 * without accents ('Hôtel Les Tilleuls' → HLT), else H and the hotel id (a name with no Latin letter or digit).
 */
export function codePrefixOf(hotel: { hotel_id: number; hotel_name: string; code_prefix: string | null }): string {
  if (hotel.code_prefix) return hotel.code_prefix;
  const initials = hotel.hotel_name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]?.toUpperCase())
    .join('')
    .slice(0, MAX_PREFIX_INITIALS);
  return initials || `H${hotel.hotel_id}`;
}
