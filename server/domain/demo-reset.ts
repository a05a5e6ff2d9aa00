/**
 * The demo reset (docs/behaviour.md#demo-reset): presenters bring a demo hotel's stay back to how its first scan
 * left it, to show the journey again. Demo stays only: the points ledger is append-only everywhere else, and a
 * demo stay's ledger rows are the one thing ever deleted from it.
 */
import type { Stay } from '../../contract/schemas.ts';
import type { Store } from '../db/store.ts';
import { ANSWER_CHANGES_CAP, stayCapSubject } from './caps.ts';
import { DomainError, stayFinished } from './errors.ts';
import { isFinished, lockOwnedStay, stayEntity } from './stays.ts';

/**
 * POST /api/demo/stays/:sUUID/reset: deletes the stay's answers (completions and their log), points (ledger rows),
 * reward claims with their codes (a pool code goes back to the pool), e-mail allowance and answer changes of the night
 * (not the per-address and per-hotel e-mail counts: those protect strangers' inboxes), and clears its end date; its
 * room, profile, scans and last possible day stay. 404 for an unknown or another profile's stay, 403 not_a_demo_stay
 * outside demo hotels, 409 stay_finished for a stay already over (nothing changes). One transaction holding the stay.
 */
export async function resetDemoStay(store: Store, sUUID: string, profileUUID: string, now: Date): Promise<Stay> {
  return store.write(async (tx) => {
    const stay = await lockOwnedStay(tx, sUUID, profileUUID);
    const hotel = await tx.db
      .selectFrom('hotels')
      .select('is_demo')
      .where('id', '=', stay.hotel_id)
      .executeTakeFirstOrThrow();
    if (hotel.is_demo !== 1)
      throw new DomainError('forbidden', 'not_a_demo_stay', 'Only the stays of a demo hotel can be reset');
    // A replay, not a longer stay: a finished stay stays finished, and the last possible day does not move
    // (docs/behaviour.md#stay-limits).
    if (isFinished(stay, now)) throw stayFinished();
    const fresh = { end_date: null };
    for (const table of [
      'action_answers',
      'action_completions',
      'ledger_entries',
      'reward_emails',
      'reward_claims',
    ] as const)
      await tx.db.deleteFrom(table).where('stay_id', '=', stay.id).execute();
    // The replayed journey may change its answers again (docs/behaviour.md#caps).
    await tx.db
      .deleteFrom('cap_counters')
      .where('cap', '=', ANSWER_CHANGES_CAP)
      .where('subject', 'like', `${stayCapSubject(stay.id)}:%`)
      .execute();
    await tx.db.updateTable('stays').set(fresh).where('id', '=', stay.id).execute();
    return stayEntity(tx.db, { ...stay, ...fresh }, now);
  });
}
