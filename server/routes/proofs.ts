/** POST /api/actions/:actId/proof: a scanned on-site proof (docs/behaviour.md#proof-page). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ActionParams, ErrorBody, ProofBody, ProofReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { validateProof } from '../domain/proofs.ts';
import { callerOf } from './caller.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };

export const proofsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/:actId/proof',
    { schema: { params: ActionParams, body: ProofBody, response: { 200: ProofReply, ...errors } } },
    async (request) =>
      validateProof(
        deps.store,
        { actionId: request.params.actId, body: request.body, caller: callerOf(request, deps) },
        deps.now(),
      ),
  );
};
