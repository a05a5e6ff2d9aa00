/**
 * A hotel from nothing (`npm run hotel:create`, docs/server.md#staff-accounts): the smallest valid content — its
 * name, time zone and languages, no rooms, actions or rewards — imported as any content file is (so it starts the
 * hotel's content history and its audit trail), with a first manager whose PIN the server makes, answered once. That
 * manager signs in on the staff page and builds the rest in the content editor.
 */
import type { Kysely } from 'kysely';
import type { HotelContentFile } from '../../contract/hotel-content-file.ts';
import type { Database } from '../db/schema.ts';
import { DomainError } from '../domain/errors.ts';
import { newStaffPin } from '../domain/staff-accounts.ts';
import { type ImportSummary, importContent } from './import.ts';
import { validateContent } from './validate.ts';

/** What the operator gives: the languages in the order guests are offered them, the first one primary. */
export interface NewHotel {
  id: number;
  name: string;
  timeZone: string;
  languages: readonly string[];
  managerName: string;
}

/** What the trail and the content history name as the source of the hotel's first content. */
export const HOTEL_CREATE_SOURCE = 'hotel:create';

/**
 * A language's name in itself ('Français', 'English', 'العربية'), as the guests' language menu lists it; the code when
 * Intl does not know it (the manager renames it in the editor; a code the content rules refuse is reported by them).
 */
function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code) ?? code;
    return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    return code;
  }
}

/**
 * Creates the hotel and its first manager (its only account); answers the import's summary, the manager and its PIN.
 * An id already taken is a conflict (nothing changes); a name, time zone or language the content rules refuse is a
 * ContentError naming each problem.
 */
export async function createHotel(
  db: Kysely<Database>,
  hotel: NewHotel,
): Promise<{ summary: ImportSummary; manager: { id: number; name: string }; pin: string }> {
  const taken = await db.selectFrom('hotels').select('id').where('id', '=', hotel.id).executeTakeFirst();
  if (taken)
    throw new DomainError(
      'conflict',
      'conflict',
      `Hotel ${hotel.id} exists already: choose another id (its content is edited on the staff page)`,
    );
  const pin = await newStaffPin(db, hotel.id);
  const file: HotelContentFile = validateContent(
    {
      hotel: { id: hotel.id, name: hotel.name, isDemo: false, timeZone: hotel.timeZone },
      languages: hotel.languages.map((code, position) => ({
        code,
        name: languageName(code),
        enabled: true,
        isPrimary: position === 0,
        position,
      })),
      staff: [{ name: hotel.managerName, role: 'manager', pin }],
    },
    HOTEL_CREATE_SOURCE,
  );
  const summary = await importContent(db, file, HOTEL_CREATE_SOURCE);
  const manager = await db
    .selectFrom('staff_accounts')
    .select(['id', 'name'])
    .where('hotel_id', '=', hotel.id)
    .executeTakeFirstOrThrow();
  return { summary, manager, pin };
}
