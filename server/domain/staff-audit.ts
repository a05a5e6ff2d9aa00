/**
 * The audit trail (docs/behaviour.md#audit-trail): every staff action is one row, written in the same transaction as
 * the action itself, so the trail holds an action exactly when it happened. Rows are only ever added.
 */
import type { Kysely } from 'kysely';
import type { StaffAuditKind } from '../../contract/schemas.ts';
import type { Database } from '../db/schema.ts';
import type { StaffSession } from './staff-sessions.ts';

/** Who did it: a session's account, or (a refused sign-in) only the name typed, or nobody (a server command). */
export type StaffActor =
  | Pick<StaffSession, 'accountId' | 'accountName' | 'role'>
  | { accountId: null; accountName: string | null; role: null };

/** A command run on the server (`npm run hotel:import`, `qr:rotate`): nobody signed in did it. */
export const SERVER_COMMAND: StaffActor = { accountId: null, accountName: null, role: null };

/** What the action was done on, when it was done on one. */
export interface StaffActionSubject {
  roomNumber?: string | null;
  stayUuid?: string | null;
  claimId?: number | null;
  rewardId?: number | null;
  /** A reward code as the guest's screen shows it. */
  code?: string | null;
  targetAccountId?: number | null;
  detail?: string | null;
}

export interface StaffAction extends StaffActionSubject {
  hotelId: number;
  kind: StaffAuditKind;
  actor: StaffActor;
  at: Date;
}

/** Appends one row to the trail; call it inside the action's own write transaction. */
export async function recordStaffAction(db: Kysely<Database>, action: StaffAction): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      hotel_id: action.hotelId,
      at: action.at.toISOString(),
      kind: action.kind,
      account_id: action.actor.accountId,
      actor_name: action.actor.accountName,
      role: action.actor.role,
      room_number: action.roomNumber ?? null,
      stay_uuid: action.stayUuid ?? null,
      claim_id: action.claimId ?? null,
      reward_id: action.rewardId ?? null,
      code: action.code ?? null,
      target_account_id: action.targetAccountId ?? null,
      detail: action.detail ?? null,
    })
    .execute();
}
