/** /api/staff/hotels/{hId}/housekeeping: the rooms that skip the day's cleaning (docs/behaviour.md#housekeeping-list). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody, HotelParams, HousekeepingQuery, HousekeepingReply } from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { housekeepingList } from '../domain/housekeeping.ts';
import { staffSessionOf } from '../staff-auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const housekeepingRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    '/hotels/:hId/housekeeping',
    {
      preHandler: deps.staffAuth.allowed('housekeeping'),
      schema: { params: HotelParams, querystring: HousekeepingQuery, response: { 200: HousekeepingReply, ...errors } },
    },
    async (request) =>
      housekeepingList(
        deps.store.db,
        staffSessionOf(request),
        { hotelId: request.params.hId, date: request.query.date },
        deps.now(),
      ),
  );
};
