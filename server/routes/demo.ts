/** /api/demo: the presenters' reset of a demo stay (docs/behaviour.md#demo-reset). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DemoResetBody, ErrorBody, StayParams, StayReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { resetDemoStay } from '../domain/demo-reset.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const demoRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/stays/:sUUID/reset',
    {
      preHandler: deps.frontToken.required,
      schema: { params: StayParams, body: DemoResetBody, response: { 200: StayReply, ...errors } },
    },
    async (request) => ({
      stay: await resetDemoStay(deps.store, request.params.sUUID, request.body.uuid, deps.now()),
    }),
  );
};
