/** /api/staff: staff sessions opened with the hotel's staff PIN (docs/behaviour.md#staff-sessions). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, StaffSessionBody, StaffSessionReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { openStaffSession } from '../domain/staff-sessions.ts';

const errors = { 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export const staffRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.post(
    '/sessions',
    { schema: { body: StaffSessionBody, response: { 201: StaffSessionReply, ...errors } } },
    async (request, reply) => {
      const { hId, pin } = request.body;
      const session = await openStaffSession(deps.store, { hotelId: hId, pin, clientAddress: request.ip }, deps.now());
      return reply.code(201).send(session);
    },
  );
};
