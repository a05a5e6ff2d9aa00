/**
 * Housekeeping's report on a skipped cleaning (docs/behaviour.md#housekeeping-list): for a room on the list of a day
 * whose guest still skips the cleaning, staff say it was left as the guest asked (`honoured`: the skip becomes
 * confirmed by staff, docs/impact.md#evidence) or cleaned anyway (`cleanedAnyway`: its saving is not counted). One
 * report per room and day, the first one stands: the insert is conditional, so of two reports at once exactly one
 * lands, and the other is answered as a repeat or a conflict.
 */
import type { CleaningOutcome } from '../../contract/evidence.ts';
import type { HousekeepingRoom } from '../../contract/schemas.ts';
import type { Store } from '../db/store.ts';
import { DomainError } from './errors.ts';
import { addDays, localDate } from './hotel-time.ts';
import { hotelClock, housekeepingRooms, skipsOfDay } from './housekeeping.ts';
import { recordStaffAction } from './staff-audit.ts';
import { requireStaffOf, type StaffSession } from './staff-sessions.ts';

export interface CleaningCheckRequest {
  hotelId: number;
  /** The hotel-local day whose cleaning was skipped (YYYY-MM-DD). */
  date: string;
  roomNumber: string;
  outcome: CleaningOutcome;
}

/**
 * PUT /api/staff/hotels/{hId}/housekeeping/{date}/rooms/{roomNumber}/check: records the report and answers the room
 * as the list shows it. The same report again answers the room unchanged; another outcome than the one recorded is
 * 409 cleaning_already_checked. 400 cleaning_date_in_future for a day after today, cleaning_date_too_old for one
 * before yesterday; 404 room_not_skipping for a room
 * not on that day's list; 409 cleaning_changed_back when its guest asked for the cleaning again.
 */
export async function checkCleaning(
  store: Store,
  session: StaffSession,
  request: CleaningCheckRequest,
  now: Date,
): Promise<HousekeepingRoom> {
  requireStaffOf(session, request.hotelId);
  const hotel = await hotelClock(store.db, request.hotelId);
  const today = localDate(now, hotel.timeZone);
  if (request.date > today)
    throw new DomainError('bad_request', 'cleaning_date_in_future', `${request.date} has not come yet`);
  // Housekeeping reports on its round, or the morning after at the latest: an older report would be a guess.
  if (request.date < addDays(today, -1))
    throw new DomainError('bad_request', 'cleaning_date_too_old', `${request.date} is more than a day ago`);
  return store.write(async (tx) => {
    const skips = await skipsOfDay(tx.db, hotel, request.date);
    const room = skips.find((skip) => skip.roomNumber === request.roomNumber);
    if (!room)
      throw new DomainError('not_found', 'room_not_skipping', `Room ${request.roomNumber} is not on that day's list`);
    if (!room.skipping)
      throw new DomainError('conflict', 'cleaning_changed_back', 'The guest asked for the cleaning again');
    const inserted = await tx.db
      .insertInto('cleaning_checks')
      .values({
        hotel_id: hotel.id,
        room_number: room.roomNumber,
        cleaning_date: request.date,
        stay_id: room.completion.stayId,
        action_id: room.completion.actionId,
        night_id: room.completion.nightId,
        outcome: request.outcome,
        account_id: session.accountId,
        checked_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(['hotel_id', 'room_number', 'cleaning_date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const [checked] = await housekeepingRooms(tx.db, hotel.id, [room], request.date);
    if (!checked?.check) throw new Error('A cleaning check was written and is not there');
    if (!inserted) {
      if (checked.check.outcome === request.outcome) return checked;
      throw new DomainError('conflict', 'cleaning_already_checked', 'Another report on this cleaning stands');
    }
    await recordStaffAction(tx.db, {
      hotelId: hotel.id,
      kind: 'cleaningChecked',
      actor: session,
      at: now,
      roomNumber: room.roomNumber,
      stayUuid: room.completion.stayUuid,
      detail: `${request.date} ${request.outcome}`,
    });
    return checked;
  });
}
