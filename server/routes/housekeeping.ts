/**
 * /api/staff/hotels/{hId}/housekeeping: the rooms that skip the day's cleaning, and housekeeping's report on each
 * (docs/behaviour.md#housekeeping-list).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CleaningCheckBody,
  CleaningCheckParams,
  ErrorBody,
  HotelParams,
  HousekeepingQuery,
  HousekeepingReply,
  HousekeepingRoom,
} from '../../contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import { checkCleaning } from '../domain/cleaning-checks.ts';
import { housekeepingList } from '../domain/housekeeping.ts';
import { staffSessionOf } from '../staff-auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const checkErrors = { ...errors, 409: ErrorBody };

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

  app.put(
    '/hotels/:hId/housekeeping/:date/rooms/:roomNumber/check',
    {
      preHandler: deps.staffAuth.allowed('housekeeping'),
      schema: {
        params: CleaningCheckParams,
        body: CleaningCheckBody,
        response: { 200: HousekeepingRoom, ...checkErrors },
      },
    },
    async (request) =>
      checkCleaning(
        deps.store,
        staffSessionOf(request),
        {
          hotelId: request.params.hId,
          date: request.params.date,
          roomNumber: request.params.roomNumber,
          outcome: request.body.outcome,
        },
        deps.now(),
      ),
  );
};
