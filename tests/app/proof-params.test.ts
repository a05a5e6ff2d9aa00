import { describe, expect, it } from 'vitest';
import {
  NOT_A_PROOF,
  PROOF_ENTRY_CLOSED,
  PROOF_FAILED,
  proofBodyOf,
  proofFailureOf,
  STAY_FINISHED,
  WRONG_CODE,
} from '../../machines/dialogs/proof.machine.ts';
import { ApiError } from '../../src/api/http.ts';
import { proofActionIdOf, validateProofSearch } from '../../src/routes/-params.ts';

describe('proof addresses (docs/behaviour.md#proof-page)', () => {
  it('keeps hId when a positive whole number and qrId when not empty', () => {
    expect(validateProofSearch({ hId: '1', qrId: 'tilleuls-garden-gate' })).toEqual({
      hId: 1,
      qrId: 'tilleuls-garden-gate',
    });
    expect(validateProofSearch({ hId: 2, qrId: 42 })).toEqual({ hId: 2, qrId: '42' });
    for (const hId of ['0', '-1', '1.5', 'one', '', undefined]) expect(validateProofSearch({ hId })).toEqual({});
    expect(validateProofSearch({ qrId: '  ' })).toEqual({});
    expect(validateProofSearch({ qrId: ['a', 'b'] })).toEqual({});
  });

  it('reads the action id as a positive whole number, else no page', () => {
    expect(proofActionIdOf('7')).toBe(7);
    for (const id of ['0', '07', '-7', '7a', '1e3', '12345678901', '']) expect(proofActionIdOf(id)).toBeNull();
  });
});

describe('the proof call', () => {
  const base = { actionId: 7, storedSUUID: null, language: 'en' };
  it('omits empty keys; sends the stay only with its profile', () => {
    expect(proofBodyOf({ ...base, sUUID: null, profileUUID: null, hId: 1, qrId: 'gate' })).toEqual({
      lang: 'en',
      hId: 1,
      qrId: 'gate',
    });
    expect(proofBodyOf({ ...base, sUUID: 's-1', profileUUID: 'p-1', hId: null, qrId: null })).toEqual({
      lang: 'en',
      uuid: 'p-1',
      sUUID: 's-1',
    });
    expect(proofBodyOf({ ...base, sUUID: 's-1', profileUUID: null, hId: null, qrId: 'gate' })).toEqual({
      lang: 'en',
      qrId: 'gate',
    });
  });

  it('classifies a refusal by its error code, never by its message', () => {
    expect(proofFailureOf(new ApiError(400, 'wrong_action_type', 'x'))).toBe(NOT_A_PROOF);
    expect(proofFailureOf(new ApiError(400, 'unknown_proof_code', 'x'))).toBe(WRONG_CODE);
    expect(proofFailureOf(new ApiError(409, 'stay_finished', 'x'))).toBe(STAY_FINISHED);
    expect(proofFailureOf(new ApiError(403, 'proof_entry_closed', 'x'))).toBe(PROOF_ENTRY_CLOSED);
    expect(proofFailureOf(new ApiError(400, 'bad_request', 'not a proof: wrong_action_type'))).toBe(PROOF_FAILED);
    expect(proofFailureOf(new Error('boom'))).toBe(PROOF_FAILED);
  });
});
