/** The stay a guest's list is asked for, with what the lists need of its hotel (its time zone, its content version). */
import type { Kysely } from 'kysely';
import { prepared } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from './errors.ts';
import type { StayRecord } from './stays.ts';

/** What the lists need of a stay and its hotel: a StayRecord has it too. */
export type ListedStay = Pick<StayRecord, 'id' | 'hotel_id' | 'end_date' | 'time_zone' | 'content_version'>;

/** Who asks for which list, in which language. */
export interface StayLanguage {
  sUUID: string;
  profileUUID: string;
  lang: string;
}

/** The hotel's columns come from scalar subqueries: on SQLite a join cost more than the stay's own lookup. */
const listedStayRead = prepared((db, values: { sUUID: string }) =>
  db
    .selectFrom('stays')
    .select((eb) => {
      const hotelColumn = <C extends 'time_zone' | 'content_version'>(column: C) =>
        eb.selectFrom('hotels').select(column).whereRef('hotels.id', '=', 'stays.hotel_id').$asScalar().$notNull();
      return [
        'stays.id',
        'stays.profile_uuid',
        'stays.hotel_id',
        'stays.end_date',
        hotelColumn('time_zone').as('time_zone'),
        hotelColumn('content_version').as('content_version'),
      ];
    })
    .where('stays.s_uuid', '=', values.sUUID),
);

/** The stay `sUUID` as seen by `profileUUID`: another profile's stay is an unknown one (404), as in findOwnedStay. */
export async function findListedStay(db: Kysely<Database>, sUUID: string, profileUUID: string): Promise<ListedStay> {
  const [stay] = await listedStayRead(db, { sUUID });
  if (!stay || stay.profile_uuid !== profileUUID) throw notFound('Stay');
  return stay;
}
