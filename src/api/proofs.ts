import type { ProofBody, ProofReply } from '../../contract/schemas.ts';
import { call, http } from './http.ts';

/** A scanned on-site proof: POST /api/actions/{actId}/proof (docs/behaviour.md#proof-page). */
export const validateProof = (actId: number, body: ProofBody): Promise<ProofReply> =>
  call(() => http.post(`actions/${actId}/proof`, { json: body }).json<ProofReply>());
