/**
 * On-site proofs (POST /api/actions/:actId/proof, docs/behaviour.md#proof-page): the guest scanned one of a PROOF
 * action's printed QR codes. The action's reward is credited once per stay (once per night for a NIGHT action), in
 * the write transaction that holds the stay, like every submission (server/domain/submissions.ts).
 *
 * The stay is the address's (`sUUID`, owned by `uuid`), else the profile's active stay at the action's hotel,
 * created when there is none (a guest whose first scan is a proof code gets a stay and a profile). Every check on
 * the action and the code runs before a stay is created, so a refused proof changes nothing.
 */
import type { ProofBody, ProofReply } from '../../contract/schemas.ts';
import type { Store } from '../db/store.ts';
import { completionNightId } from './catalogue.ts';
import { DomainError, notFound, stayFinished } from './errors.ts';
import { currentNightId, localDate } from './hotel-time.ts';
import { hotelPrimaryLanguage } from './hotels.ts';
import { appendEntry, balanceOf } from './ledger.ts';
import { createStay, isFinished, lockOwnedStay } from './stays.ts';
import { hasMessagesFor, successMessage } from './submission-messages.ts';
import { submissionKey } from './submissions.ts';

/** A proof completes its action in one go: its completion is never replaced, so its points move is version 1. */
const PROOF_COMPLETION_VERSION = 1;

const NO_ANSWER = {
  response: null,
  option_id: null,
  selected_position: null,
  is_correct: null,
  temperature: null,
  rating: null,
};

export interface ProofInput {
  actionId: number;
  body: ProofBody;
}

/** The active PROOF action `actionId`, when `qrId` is one of its printed codes (and `hId`, if given, its hotel). */
async function provenAction(store: Store, { actionId, body }: ProofInput) {
  const action = await store.db
    .selectFrom('actions')
    .select(['id', 'hotel_id', 'type', 'period', 'reward'])
    .where('id', '=', actionId)
    .where('active', '=', 1)
    .executeTakeFirst();
  // A code of another hotel names no action there: the same 404 as an unknown action.
  if (!action || (body.hId !== undefined && body.hId !== action.hotel_id)) throw notFound('Action');
  if (action.type !== 'PROOF')
    throw new DomainError('bad_request', 'wrong_action_type', `Action of type ${action.type} is not a proof`);
  const code =
    body.qrId === undefined
      ? undefined
      : await store.db
          .selectFrom('proof_codes')
          .select('qr_id')
          .where('action_id', '=', action.id)
          .where('qr_id', '=', body.qrId)
          .executeTakeFirst();
  if (!code) throw new DomainError('bad_request', 'unknown_proof_code', 'This QR code is not a proof of this action');
  return action;
}

/** The stay to credit: the address's, else the profile's active stay at the hotel (created when none). */
async function stayToCredit(store: Store, body: ProofBody, hotelId: number, now: Date) {
  if (body.sUUID !== undefined) {
    // A stay without its owner's profile is reported like an unknown one (docs/behaviour.md#identity-and-access).
    if (body.uuid === undefined) throw notFound('Stay');
    return { sUUID: body.sUUID, profileUUID: body.uuid };
  }
  const { answer } = await createStay(store, { hotelId, profileUUID: body.uuid }, now);
  return { sUUID: answer.sUUID, profileUUID: answer.profileUUID };
}

/** Credits the proof of `input.actionId` to the guest's stay; 409 `already_completed` when it was credited before. */
export async function validateProof(store: Store, input: ProofInput, now: Date): Promise<ProofReply> {
  const action = await provenAction(store, input);
  const owner = await stayToCredit(store, input.body, action.hotel_id, now);
  return store.write(async (transaction) => {
    const stay = await lockOwnedStay(transaction, owner.sUUID, owner.profileUUID);
    const tx = transaction.db;
    if (stay.hotel_id !== action.hotel_id) throw notFound('Action');
    if (isFinished(stay, now)) throw stayFinished();

    const nightId = completionNightId(action.period, currentNightId(now, stay.time_zone));
    const existing = await tx
      .selectFrom('action_completions')
      .select('id')
      .where('stay_id', '=', stay.id)
      .where('action_id', '=', action.id)
      .where('night_id', '=', nightId)
      .executeTakeFirst();
    if (existing) throw new DomainError('conflict', 'already_completed', 'This action is already completed');

    const stamp = now.toISOString();
    await tx
      .insertInto('action_completions')
      .values({
        stay_id: stay.id,
        action_id: action.id,
        night_id: nightId,
        ...NO_ANSWER,
        points: action.reward,
        version: PROOF_COMPLETION_VERSION,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    if (action.reward > 0) {
      const key = submissionKey(stay.id, action.id, nightId, PROOF_COMPLETION_VERSION);
      const entry = { stayId: stay.id, amount: action.reward, reason: 'action', actionId: action.id, nightId };
      await appendEntry(tx, { ...entry, idempotencyKey: key }, now);
    }
    await tx
      .insertInto('action_answers')
      .values({
        hotel_id: stay.hotel_id,
        stay_id: stay.id,
        action_id: action.id,
        action_type: action.type,
        night_id: nightId,
        answered_on: localDate(now, stay.time_zone),
        version: PROOF_COMPLETION_VERSION,
        ...NO_ANSWER,
        room_number: stay.room_number,
        points_change: action.reward,
        created_at: stamp,
      })
      .execute();

    const { lang } = input.body;
    const languages = hasMessagesFor(lang) ? [lang] : [lang, await hotelPrimaryLanguage(tx, stay)];
    return {
      profileUUID: stay.profile_uuid,
      sUUID: stay.s_uuid,
      // A proof is confirmed like a claimed gesture (docs/behaviour.md#success-messages).
      message: successMessage('claim', languages),
      greenMilesChange: action.reward,
      greenMiles: await balanceOf(tx, stay.id),
    };
  });
}
