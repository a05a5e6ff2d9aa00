/**
 * GET /api/staff/hotels/{hId}/housekeeping?date= (staff session): the rooms that skip cleaning on the hotel-local
 * day (docs/behaviour.md#today-tab). The call is the daily report's (docs/server.md).
 */
export interface HousekeepingRoom {
  roomNumber: string;
  /** When the guest chose to skip cleaning (ISO timestamp). */
  since: string;
  /** False once the guest changed the answer back to cleaning. */
  skipping: boolean;
  /** When the answer went back to cleaning (ISO timestamp), else null. */
  changedBackAt: string | null;
}

export interface HousekeepingReply {
  /** The hotel-local day, YYYY-MM-DD. */
  date: string;
  rooms: HousekeepingRoom[];
}
