/**
 * On-site proofs (POST /api/actions/:actId/proof, docs/behaviour.md#proof-page): the guest scanned one of a PROOF
 * action's printed QR codes. The action's reward is credited once per stay (once per night for a NIGHT action), in
 * the write transaction that holds the stay, like every submission (server/domain/submissions.ts).
 *
 * The stay is the address's (`sUUID`, owned by `uuid`), else the profile's current stay at the action's hotel. With
 * none, the proof is an entry like a QR scan (docs/trust-model.md#proof-codes): it opens a stay (and a profile) only at
 * a hotel whose hotel QR entry is `open`; elsewhere it is refused (403 proof_entry_closed) and the guest starts with
 * the room's or the hotel's QR code. Every check on the action and the code runs before a stay is created, so a
 * refused proof changes nothing.
 */
import type { ProofBody, ProofReply } from '../../contract/schemas.ts';
import type { Store } from '../db/store.ts';
import { type CompletionKey, findCompletion, logAnswer, movePoints, NO_ANSWER, saveCompletion } from './completions.ts';
import { DomainError, notFound, stayFinished } from './errors.ts';
import { completionNightId, currentNightId } from './hotel-time.ts';
import { hotelPrimaryLanguage } from './hotels.ts';
import { balanceOf } from './ledger.ts';
import { type Caller, submissionsLimit } from './rate-limits.ts';
import { createStay } from './stay-entry.ts';
import { currentStayOf, isFinished, lockOwnedStayTakingLimit } from './stays.ts';
import { hasMessagesFor, successMessage } from './submission-messages.ts';

/** A proof completes its action in one go: its completion is never replaced, so its points move is version 1. */
const PROOF_COMPLETION_VERSION = 1;

export interface ProofInput {
  actionId: number;
  body: ProofBody;
  caller: Caller;
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

/** The stay to credit: the address's, else the profile's current stay at the hotel, else one the proof opens. */
async function stayToCredit(store: Store, { body, caller }: ProofInput, hotelId: number, now: Date) {
  if (body.sUUID !== undefined) {
    // A stay without its owner's profile is reported like an unknown one (docs/behaviour.md#identity-and-access).
    if (body.uuid === undefined) throw notFound('Stay');
    return { sUUID: body.sUUID, profileUUID: body.uuid };
  }
  const current = body.uuid === undefined ? undefined : await currentStayOf(store.db, body.uuid, hotelId, now);
  if (current) return { sUUID: current.s_uuid, profileUUID: current.profile_uuid };
  const { stay } = await createStay(store, { entry: { kind: 'proof', hotelId }, profileUUID: body.uuid, caller }, now);
  return { sUUID: stay.sUUID, profileUUID: stay.profileUUID };
}

/** Credits the proof of `input.actionId` to the guest's stay; 409 `already_completed` when it was credited before. */
export async function validateProof(store: Store, input: ProofInput, now: Date): Promise<ProofReply> {
  const action = await provenAction(store, input);
  const owner = await stayToCredit(store, input, action.hotel_id, now);
  return store.write(async (transaction) => {
    const limit = submissionsLimit(input.caller, now);
    const stay = await lockOwnedStayTakingLimit(transaction, owner.sUUID, owner.profileUUID, limit);
    const tx = transaction.db;
    if (stay.hotel_id !== action.hotel_id) throw notFound('Action');
    if (isFinished(stay, now)) throw stayFinished();

    const completion: CompletionKey = {
      stay,
      action,
      nightId: completionNightId(action.period, currentNightId(now, stay.time_zone)),
    };
    if (await findCompletion(tx, completion)) {
      throw new DomainError('conflict', 'already_completed', 'This action is already completed');
    }
    const version = PROOF_COMPLETION_VERSION;
    await saveCompletion(tx, completion, undefined, { answer: NO_ANSWER, points: action.reward, version }, now);
    if (action.reward > 0)
      await movePoints(transaction, completion, { amount: action.reward, version, isChange: false }, now);
    await logAnswer(tx, completion, { answer: NO_ANSWER, version, pointsChange: action.reward }, now);

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
